// Generates internal/india/data/india.json from the npm package
// @countrystatecity/countries (ODbL-1.0). Run by hand, never at build time:
//
//   cd tools/india-data && npm install && npm run generate
//
// Output shape: [{"name": "Telangana", "cities": ["Hyderabad", ...]}, ...]
// States are sorted by name, cities sorted and deduplicated (case-insensitively,
// after trimming and collapsing spaces). Sorting is by UTF-16 code unit, not
// locale, so Go's sort.Strings gives the same order.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// The package's "exports" hide package.json and the data files, so read them
// from node_modules directly.
const pkgDir = path.join(here, 'node_modules', '@countrystatecity', 'countries');
const pkgJSON = path.join(pkgDir, 'package.json');
if (!fs.existsSync(pkgJSON)) throw new Error('run `npm install` in tools/india-data first');
const pkg = JSON.parse(fs.readFileSync(pkgJSON, 'utf8'));
// The package keeps one folder per country and, inside it, one folder per
// state: dist/data/India-IN/states.json and dist/data/India-IN/<State>-<ISO>/cities.json.
const indiaDir = path.join(pkgDir, 'dist', 'data', 'India-IN');
const outFile = path.join(here, '..', '..', 'internal', 'india', 'data', 'india.json');

// The 28 states and 8 union territories, under their current official names.
const EXPECTED = [
  // States (28)
  'Andhra Pradesh', 'Arunachal Pradesh', 'Assam', 'Bihar', 'Chhattisgarh', 'Goa',
  'Gujarat', 'Haryana', 'Himachal Pradesh', 'Jharkhand', 'Karnataka', 'Kerala',
  'Madhya Pradesh', 'Maharashtra', 'Manipur', 'Meghalaya', 'Mizoram', 'Nagaland',
  'Odisha', 'Punjab', 'Rajasthan', 'Sikkim', 'Tamil Nadu', 'Telangana', 'Tripura',
  'Uttar Pradesh', 'Uttarakhand', 'West Bengal',
  // Union territories (8)
  'Andaman and Nicobar Islands', 'Chandigarh', 'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi', 'Jammu and Kashmir', 'Ladakh', 'Lakshadweep', 'Puducherry',
];

// Outdated or variant state names that older releases of the dataset used,
// mapped to the current name. Cities of both sides of a mapping are merged.
// Version 1.0.9 already uses the current names for all 36, so none of these
// fire today; they stay so that a re-run on another version cannot bring an
// old name back silently.
const STATE_RENAMES = {
  'Orissa': 'Odisha', // renamed 2011
  'Pondicherry': 'Puducherry', // renamed 2006
  'Uttaranchal': 'Uttarakhand', // renamed 2007
  'Dadra and Nagar Haveli': 'Dadra and Nagar Haveli and Daman and Diu', // UTs merged 26 Jan 2020
  'Daman and Diu': 'Dadra and Nagar Haveli and Daman and Diu', // UTs merged 26 Jan 2020
  'NCT of Delhi': 'Delhi',
  'National Capital Territory of Delhi': 'Delhi',
};

// The metros the product's filters rely on, by state, under the spelling the
// dataset uses. Generation fails if one goes missing. Note: the dataset says
// 'Bengaluru' (not 'Bangalore') and 'Gurugram' (not 'Gurgaon'); we do NOT add
// the old spellings here (product decision).
const REQUIRED_CITIES = {
  'Karnataka': ['Bengaluru'],
  'Tamil Nadu': ['Chennai'],
  'Telangana': ['Hyderabad'],
  'Maharashtra': ['Mumbai', 'Pune'],
  'Delhi': ['Delhi', 'New Delhi'],
  'West Bengal': ['Kolkata'],
  'Gujarat': ['Ahmedabad'],
  'Haryana': ['Gurugram'],
  'Uttar Pradesh': ['Noida'],
};

const clean = (s) => String(s).normalize('NFC').trim().replace(/\s+/g, ' ');
const byCodeUnit = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

const states = JSON.parse(fs.readFileSync(path.join(indiaDir, 'states.json'), 'utf8'));
const merged = new Map(); // state name -> Map(lowercased city -> city)

for (const st of states) {
  const raw = clean(st.name);
  const name = STATE_RENAMES[raw] ?? raw;
  if (name !== raw) console.warn(`renamed state: ${raw} -> ${name}`);
  const dir = fs.readdirSync(indiaDir).find((d) => d.endsWith(`-${st.iso2}`));
  if (!dir) throw new Error(`no folder for state ${raw} (${st.iso2})`);
  const citiesFile = path.join(indiaDir, dir, 'cities.json');
  const cities = fs.existsSync(citiesFile) ? JSON.parse(fs.readFileSync(citiesFile, 'utf8')) : [];
  if (!merged.has(name)) merged.set(name, new Map());
  const set = merged.get(name);
  for (const c of cities) {
    const city = clean(c.name);
    if (city && !set.has(city.toLowerCase())) set.set(city.toLowerCase(), city);
  }
}

const names = [...merged.keys()].sort(byCodeUnit);
const missing = EXPECTED.filter((n) => !merged.has(n));
const extra = names.filter((n) => !EXPECTED.includes(n));
if (missing.length || extra.length || names.length !== 36) {
  throw new Error(`state list mismatch: missing=${JSON.stringify(missing)} extra=${JSON.stringify(extra)}`);
}

const out = names.map((name) => ({ name, cities: [...merged.get(name).values()].sort(byCodeUnit) }));
for (const s of out) {
  if (s.cities.length === 0) throw new Error(`state ${s.name} has no cities`);
}
for (const [state, want] of Object.entries(REQUIRED_CITIES)) {
  const have = out.find((s) => s.name === state).cities;
  for (const c of want) if (!have.includes(c)) throw new Error(`${state} lacks ${c}`);
}

// One state per line: small, and diffs stay readable.
const text = '[\n' + out.map((s) => JSON.stringify(s)).join(',\n') + '\n]\n';
fs.mkdirSync(path.dirname(outFile), { recursive: true });
fs.writeFileSync(outFile, text);
const cityCount = out.reduce((n, s) => n + s.cities.length, 0);
console.log(`${pkg.name}@${pkg.version}: wrote ${out.length} states, ${cityCount} cities, ${Buffer.byteLength(text)} bytes to ${path.relative(process.cwd(), outFile)}`);
