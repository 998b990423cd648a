// Writes src/catalogues/languages.data.ts and countries.data.ts from Intl.DisplayNames.
// Run: npm run generate -w @wharf/rules   (needs Node with full ICU, the default build)
import { writeFileSync } from 'node:fs';
import console from 'node:console';
import process from 'node:process';
import { URL } from 'node:url';
import { renderCountriesModule, renderLanguagesModule } from './catalogue-source.ts';

const cldr = process.versions.cldr;
if (!cldr) throw new Error('This Node has no CLDR data (built without full ICU)');

const outputs = [
  ['../src/catalogues/languages.data.ts', renderLanguagesModule(cldr)],
  ['../src/catalogues/countries.data.ts', renderCountriesModule(cldr)],
];
for (const [relative, text] of outputs) {
  const file = new URL(relative, import.meta.url);
  writeFileSync(file, text);
  console.log(`wrote ${file.pathname}`);
}
