/** One display language's strings: the console's own (`common`) and each family's, by family. */
export type LanguageStrings = Readonly<Record<string, Record<string, unknown>>>;

/**
 * A language's strings from its files: the console's own and those of every
 * `features/<family>/locales/<language>.json` (found by the bundler), each family's as the
 * namespace `<family>` (`useTranslation('<family>')`).
 */
export function gatherStrings(common: Record<string, unknown>, familyFiles: Record<string, Record<string, unknown>>): LanguageStrings {
  const strings: Record<string, Record<string, unknown>> = { common };
  for (const [file, family] of Object.entries(familyFiles)) {
    const name = /features\/([^/]+)\/locales\//.exec(file)?.[1];
    if (name) strings[name] = family;
  }
  return strings;
}
