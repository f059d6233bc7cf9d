import {
  isPrismNotInstalled,
  PrismNotInstalledError,
  type PrismProcess,
  startPrism,
} from '@inference-infra/mock-server';
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
 * `sl-violations` header, which the suite turns into failures for the answer's part. The mock server starts it;
 * Prism itself (`@stoplight/prism-cli`) is its optional peer, installed by whoever runs this.
 */
export async function startPrismProxies(target: Target): Promise<PrismProxies> {
  const started: PrismProcess[] = [];
  const stopAll = async () => {
    await Promise.all(started.map((proxy) => proxy.stop()));
  };
  try {
    const inference = await startPrism(['proxy', bundledSpecPath(), target.baseUrl], {
      askedFor: '--via-prism-proxy',
    });
    started.push(inference);
    const platform = await startPrism(['proxy', bundledSpecPath(), target.platformUrl], {
      askedFor: '--via-prism-proxy',
    });
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

/**
 * What to say when a run needs Prism and the optional peer is not installed (a usage matter: the user installs it or
 * runs otherwise), naming `askedFor`; undefined for any other error.
 */
export function prismMissingSentence(error: unknown, askedFor: string): string | undefined {
  return isPrismNotInstalled(error) ? new PrismNotInstalledError(askedFor).message : undefined;
}
