// The names of a new family on every layer, worked out once from the plural kebab name.

const pascal = (kebab) => kebab.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join('');
const camel = (kebab) => pascal(kebab).replace(/^./, (c) => c.toLowerCase());
const snake = (kebab) => kebab.replaceAll('-', '_');

const RESERVED = new Set('break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await'.split(' '));

/** Refuses what would not make a good folder, table and identifier name. */
export function familyNames(name, item) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name ?? '')) throw new Error(`a family name is lower-case words joined by hyphens, plural (e.g. "cloud-functions"); got "${name}"`);
  const singular = item ?? (name.endsWith('s') ? name.slice(0, -1) : '');
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(singular) || singular === name)
    throw new Error(`name one of the family's things with --item <singular> (e.g. --item cloud-function)`);
  // The item's name becomes a schema's identifier in the contract.
  if (RESERVED.has(camel(singular))) throw new Error(`"${singular}" is a reserved word in JavaScript: choose another --item (e.g. --item cloud-${singular})`);
  return {
    /** Folder name on every layer, URL segment, log and audit prefix. */
    family: name,
    /** Endpoint ids, the contract's export (`<camel>Api`), i18n namespace is the folder name. */
    camel: camel(name),
    Pascal: pascal(name),
    item: camel(singular),
    Item: pascal(singular),
    itemKebab: singular,
    table: snake(name),
    human: name.replaceAll('-', ' '),
    itemHuman: singular.replaceAll('-', ' '),
  };
}
