import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// waitFor gives up after 1 s by default; Prism on a busy 2-core machine can take longer to answer.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts after each test by itself only when test globals are on; they are off here.
afterEach(cleanup);
