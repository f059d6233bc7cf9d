import type { paths } from '@inference-infra/types';
import type { Client, ClientPathsWithMethod, FetchOptions, MethodResponse } from 'openapi-fetch';

/** The methods the client sends, spelt as openapi-fetch's client names them. */
export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

type SpecClient = Client<paths>;

/** The paths of the spec that take `Method`: any other path does not compile. */
export type PathOf<Method extends HttpMethod> = ClientPathsWithMethod<SpecClient, Lowercase<Method>>;

/** openapi-fetch's options for one operation: its `params` and `body`, typed from the spec. */
export type InitOf<Method extends HttpMethod, Path extends PathOf<Method>> = FetchOptions<
  paths[Path][Lowercase<Method>]
>;

/**
 * The JSON of the operation's success answer, as the spec describes it. JSON only: an operation that can also
 * stream (`text/event-stream`) is read as a stream by its own code, not through this type.
 */
export type DataOf<Method extends HttpMethod, Path extends PathOf<Method>> = MethodResponse<
  Client<paths, `${string}/json`>,
  Lowercase<Method>,
  Path
>;

/** `METHOD /path` of every operation of the spec: the keys of the route table, no more and no fewer. */
export type OperationKey = { [Method in HttpMethod]: `${Method} ${PathOf<Method>}` }[HttpMethod];

/** The route of every operation, by method then path: no more and no fewer (the type tests check both ways). */
export type RouteTable = { readonly [Method in HttpMethod]?: Readonly<Record<PathOf<Method>, Route>> };

export interface Route {
  operationId: string;
  /** The base address the spec's per-path server names: inference is {base_url}, platform is {platform_url}. */
  surface: 'inference' | 'platform';
  /** x-state-changing: never repeated by the client once the server may have acted. */
  stateChanging: boolean;
}
