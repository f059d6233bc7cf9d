export { GET, PATCH, POST } from '@/lib/apiRoute';
