import { describe, expect, it } from 'vitest';
import { localizeRedocAssets, redocLogoStandIns } from './localizeRedocAssets.js';

const builtPage = `<script type="module">const logo = full ? \`https://cdn.redoc.ly/redoc/logo-mini-full.svg\`
  : \`https://cdn.redoc.ly/redoc/logo-mini.svg\`;</script>`;

describe('localizeRedocAssets', () => {
  it('leaves no cdn.redoc.ly address in the page', () => {
    expect(localizeRedocAssets(builtPage)).not.toContain('cdn.redoc.ly');
  });

  it('uses stand-ins that cannot end the template literal, attribute or script they land in', () => {
    for (const standIn of redocLogoStandIns.values()) {
      expect(standIn).toMatch(/^data:image\/svg\+xml,[A-Za-z0-9%._~!*()-]+$/);
    }
  });

  it('fails the build when Redoc stops loading an asset it knows, so the offline check is redone', () => {
    expect(() => localizeRedocAssets('<script type="module"></script>')).toThrow(/no longer contains/);
  });
});
