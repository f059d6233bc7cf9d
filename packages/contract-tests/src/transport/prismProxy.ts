import { type PrismProcess, startPrism } from '@inference-infra/mock-server';
import { bundledSpecPath } from '../model/spec.js';
import type { Target } from './target.js';

export interface PrismProxies {
  /** The target with both base addresses replaced by the proxies in front of them. */
  target: Target;
  close(): Promise<void>;
}

/**
 * Routes a live target through `prism proxy`, one per base address. Each proxy takes the spec's paths and forwards
 * them to its upstream (the inference one with its `/v1`), and reports what it finds against the spec in the
 * `sl-violations` header, which the suite turns into failures for the answer's part. Prism ships with the mock
 * server, which starts it, rather than being installed twice.
 */
export async function startPrismProxies(target: Target): Promise<PrismProxies> {
  const started: PrismProcess[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((proxy) => proxy.stop()));
  };
  try {
    const inference = await startPrism(['proxy', bundledSpecPath(), target.baseUrl]);
    started.push(inference);
    const platform = await startPrism(['proxy', bundledSpecPath(), target.platformUrl]);
    started.push(platform);
    return {
      target: { ...target, baseUrl: inference.url, platformUrl: platform.url, viaPrismProxy: true },
      close: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
