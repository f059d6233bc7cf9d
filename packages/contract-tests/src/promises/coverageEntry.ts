export type CoverageKind =
  | 'parameter'
  | 'body'
  | 'cross-field'
  | 'answer'
  | 'effect'
  | 'assumption'
  | 'sequence';

/** One promise of the spec, which checks cover or a reason says cannot be checked from outside. */
export interface CoverageEntry {
  id: string;
  kind: CoverageKind;
  operationId?: string;
  /** The value the spec gives the rule, when it has one: `50`, `1..100`, `text`. */
  detail?: string;
}
