import { crc32, createDeflateRaw } from 'node:zlib';

// A minimal ZIP writer for building hostile archives in tests (a zip bomb, odd entries): each
// entry's data is produced by a generator of chunks and deflated as it streams.

export interface ZipEntry {
  name: string;
  chunks: () => Iterable<Buffer>;
}

async function deflate(chunks: Iterable<Buffer>): Promise<{ data: Buffer; crc: number; size: number }> {
  const z = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (c: Buffer) => out.push(c));
  let crc = 0;
  let size = 0;
  for (const c of chunks) {
    crc = crc32(c, crc);
    size += c.length;
    if (!z.write(c)) await new Promise((r) => z.once('drain', r));
  }
  await new Promise((r) => z.end(r));
  return { data: Buffer.concat(out), crc, size };
}

export async function zip(entries: ZipEntry[]): Promise<Buffer> {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const { data, crc, size } = await deflate(e.chunks());
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size >>> 0, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt32LE(crc >>> 0, 16);
    dir.writeUInt32LE(data.length, 20);
    dir.writeUInt32LE(size >>> 0, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, data);
    central.push(dir, name);
    offset += local.length + name.length + data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}

export const text = (s: string) => () => [Buffer.from(s)];
