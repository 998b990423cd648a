export type Scalar = string | number | boolean;
export type CloudDocument = Record<string, unknown>;
export type PredicateOp =
  | 'equalTo' | 'notEqualTo' | 'greaterThan' | 'greaterThanOrEqualTo' | 'lessThan' | 'lessThanOrEqualTo' | 'in' | 'beginsWith' | 'contains' | 'isNull' | 'isNotNull';
export interface Predicate {
  field: string;
  op: PredicateOp;
  value?: Scalar | Scalar[];
}
export interface QueryAnswer {
  objects: CloudDocument[];
  cursor: string | null;
  /** Each document's version, when asked for (a transaction's reads). */
  versions?: number[];
}
