/**
 * What a language must fill for a set of texts: zh-CN's shape (zh-CN is the spec's wording, so its
 * file is the source), every text a string. English is typed with it, so a key missing from either
 * language fails the type check.
 */
export type Texts<T> = T extends string
  ? string
  : T extends readonly (infer U)[]
    ? readonly Texts<U>[]
    : { readonly [K in keyof T]: Texts<T[K]> };
