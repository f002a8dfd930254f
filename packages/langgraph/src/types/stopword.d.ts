// stopword 3.1.5 ships no type declarations: the one list this package reads from it.
declare module "stopword" {
  /** English stop words, lower case. */
  export const eng: string[];
}
