/**
 * A PMTiles v3 archive of one vector tile (z0, the whole world), written by hand for the base-map
 * tests (spec: github.com/protomaps/PMTiles spec/v3): a 127-byte header, an uncompressed root
 * directory of one entry, empty metadata and one Mapbox Vector Tile whose `earth` layer is a
 * polygon covering the tile, which the Protomaps style fills with its earth colour.
 */

/** The Protomaps light flavour's earth fill, #e2dfda. */
export const ARCHIVE_EARTH_RGB = [0xe2, 0xdf, 0xda] as const;

function varint(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    bytes.push((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  bytes.push(rest);
  return bytes;
}

const zigzag = (value: number) => (value << 1) ^ (value >> 31);
/** A protobuf field: its key, then a varint or length-delimited value. */
const field = (number: number, wireType: 0 | 2, value: number | number[]): number[] =>
  wireType === 0
    ? [...varint((number << 3) | 0), ...varint(value as number)]
    : [...varint((number << 3) | 2), ...varint((value as number[]).length), ...(value as number[])];
const text = (value: string) => [...new TextEncoder().encode(value)];
const packed = (values: number[]) => values.flatMap(varint);

/** A square ring over the whole 4096-unit tile, clockwise in tile coordinates (an exterior ring). */
function tileCoveringPolygon(): number[] {
  const moveTo = (1 & 7) | (1 << 3);
  const lineTo = (2 & 7) | (3 << 3);
  const closePath = (7 & 7) | (1 << 3);
  return [
    moveTo,
    zigzag(0),
    zigzag(0),
    lineTo,
    zigzag(4096),
    zigzag(0),
    zigzag(0),
    zigzag(4096),
    zigzag(-4096),
    zigzag(0),
    closePath,
  ];
}

function earthTile(): Uint8Array {
  const feature = [
    ...field(1, 0, 1),
    ...field(2, 2, packed([0, 0])),
    ...field(3, 0, 3),
    ...field(4, 2, packed(tileCoveringPolygon())),
  ];
  const value = field(1, 2, text('earth'));
  const layer = [
    ...field(15, 0, 2),
    ...field(1, 2, text('earth')),
    ...field(2, 2, feature),
    ...field(3, 2, text('kind')),
    ...field(4, 2, value),
    ...field(5, 0, 4096),
  ];
  return Uint8Array.from(field(3, 2, layer));
}

export function tinyPmtilesArchive(): Buffer {
  const tile = earthTile();
  // One entry: tile id 0 (z0/0/0), run length 1, its length, offset 0 written as 0 + 1.
  const directory = Uint8Array.from([...varint(1), ...varint(0), ...varint(1), ...varint(tile.length), ...varint(1)]);
  const header = Buffer.alloc(127);
  const rootOffset = 127;
  const metadataOffset = rootOffset + directory.length;
  const metadata = Buffer.from('{}');
  const tileOffset = metadataOffset + metadata.length;
  header.write('PMTiles', 0, 'ascii');
  header.writeUInt8(3, 7);
  const u64 = (at: number, value: number) => header.writeBigUInt64LE(BigInt(value), at);
  u64(8, rootOffset);
  u64(16, directory.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileOffset + tile.length); // no leaf directories
  u64(48, 0);
  u64(56, tileOffset);
  u64(64, tile.length);
  u64(72, 1); // addressed tiles
  u64(80, 1); // tile entries
  u64(88, 1); // tile contents
  header.writeUInt8(1, 96); // clustered
  header.writeUInt8(1, 97); // internal compression: none
  header.writeUInt8(1, 98); // tile compression: none
  header.writeUInt8(1, 99); // tile type: MVT
  header.writeUInt8(0, 100); // min zoom
  header.writeUInt8(0, 101); // max zoom
  header.writeInt32LE(-180 * 1e7, 102);
  header.writeInt32LE(-85 * 1e7, 106);
  header.writeInt32LE(180 * 1e7, 110);
  header.writeInt32LE(85 * 1e7, 114);
  header.writeUInt8(0, 118);
  header.writeInt32LE(0, 119);
  header.writeInt32LE(0, 123);
  return Buffer.concat([header, Buffer.from(directory), metadata, Buffer.from(tile)]);
}
