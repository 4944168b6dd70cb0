// Skill archive bombs for the benchmark, built here (the test helpers are TypeScript): tar.gz and
// zip, the reported one first. Each returns { archive, format }.
import { randomBytes } from 'node:crypto';
import { deflateRawSync, gzipSync } from 'node:zlib';

const megabyte = 1024 * 1024;
const skill = `---\nname: pdf-tools\ndescription: PDF helpers\n---\n\n# pdf-tools\n`;

function tarHeader(name, size) {
  const header = Buffer.alloc(512);
  header.write(name, 0, 100, 'utf8');
  header.write('0000644\0', 100);
  header.write('0000000\0', 108);
  header.write('0000000\0', 116);
  header.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  header.write('00000000000\0', 136);
  header.write('        ', 148);
  header.write('0', 156);
  header.write('ustar\0', 257);
  header.write('00', 263);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}
const padded = (content) =>
  Buffer.concat([content, Buffer.alloc((512 - (content.length % 512)) % 512)]);
const skillTar = () =>
  Buffer.concat([tarHeader('pdf-tools/SKILL.md', skill.length), padded(Buffer.from(skill))]);

/** gzip members of zeros, concatenated: `total` bytes unpacked for about total/1000 packed. */
function gzipZeros(total) {
  const piece = 16 * megabyte;
  const member = gzipSync(Buffer.alloc(piece), { level: 9 });
  const members = [];
  for (let left = total; left > 0; left -= piece)
    members.push(left >= piece ? member : gzipSync(Buffer.alloc(left), { level: 9 }));
  return Buffer.concat(members);
}

function zip(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  let previous = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    if (!entry.sharesPrevious) {
      previous = offset;
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(8, 8);
      local.writeUInt32LE(entry.data.length, 18);
      local.writeUInt32LE(entry.declared, 22);
      local.writeUInt16LE(name.length, 26);
      parts.push(local, name, entry.data);
      offset += 30 + name.length + entry.data.length;
    }
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE((3 << 8) | 20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(8, 10);
    header.writeUInt32LE(entry.data.length, 20);
    header.writeUInt32LE(entry.declared, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    header.writeUInt32LE(previous, 42);
    central.push(header, name);
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
const deflated = (name, content, declared = content.length) => ({
  name,
  data: deflateRawSync(content),
  declared,
});
const zipSkill = () => deflated('pdf-tools/SKILL.md', Buffer.from(skill));

/** A valid skill, to load the code paths before measuring. */
export const warmUp = () => gzipSync(Buffer.concat([skillTar(), Buffer.alloc(1024)]));

/** The bombs, by name. */
export const bombs = {
  'tar.gz: the reported 65 KB bomb (one skill, 64 MB of zero blocks)': () => ({
    format: 'tar.gz',
    archive: gzipSync(Buffer.concat([skillTar(), Buffer.alloc(64 * megabyte)])),
  }),
  'tar.gz: 1 MB of zero blocks after a skill (1 GB unpacked)': () => ({
    format: 'tar.gz',
    archive: Buffer.concat([gzipSync(skillTar()), gzipZeros(1024 * megabyte)]),
  }),
  'tar.gz: an entry declaring 1 GB of zeros': () => ({
    format: 'tar.gz',
    archive: Buffer.concat([
      gzipSync(Buffer.concat([skillTar(), tarHeader('pdf-tools/zeros', 1024 * megabyte)])),
      gzipZeros(1024 * megabyte),
    ]),
  }),
  'tar.gz: honest zero files (1,000:1), up to the 50 MB limit': () => {
    const size = Math.floor(9.9 * megabyte);
    const files = Array.from({ length: 6 }, (_, index) =>
      Buffer.concat([tarHeader(`pdf-tools/zeros-${index}`, size), padded(Buffer.alloc(size))]),
    );
    return { format: 'tar.gz', archive: gzipSync(Buffer.concat([skillTar(), ...files])) };
  },
  'tar.gz: worst case, 600 KB of random data to pass the ratio limit, then zeros to 50 MB': () => {
    const size = Math.floor(9.9 * megabyte);
    const noise = randomBytes(600 * 1024);
    const files = Array.from({ length: 6 }, (_, index) =>
      Buffer.concat([tarHeader(`pdf-tools/zeros-${index}`, size), padded(Buffer.alloc(size))]),
    );
    const archive = gzipSync(
      Buffer.concat([
        skillTar(),
        tarHeader('pdf-tools/noise', noise.length),
        padded(noise),
        ...files,
      ]),
    );
    return { format: 'tar.gz', archive };
  },
  'tar.gz: 20,000 empty entries': () => ({
    format: 'tar.gz',
    archive: gzipSync(
      Buffer.concat([
        skillTar(),
        ...Array.from({ length: 20_000 }, (_, index) => tarHeader(`pdf-tools/f/${index}`, 0)),
      ]),
    ),
  }),
  'zip: an entry declaring 1 KB that inflates to 256 MB': () => ({
    format: 'zip',
    archive: zip([zipSkill(), deflated('pdf-tools/zeros', Buffer.alloc(256 * megabyte), 1024)]),
  }),
  'zip: 900 overlapping entries sharing 10 MB of zeros (9 GB)': () => {
    const shared = deflateRawSync(Buffer.alloc(10 * megabyte));
    return {
      format: 'zip',
      archive: zip([
        zipSkill(),
        ...Array.from({ length: 900 }, (_, index) => ({
          name: `pdf-tools/z${index}`,
          data: shared,
          declared: 1024,
          sharesPrevious: index > 0,
        })),
      ]),
    };
  },
  'zip: worst case, 600 KB of random data to pass the ratio limit, then zeros to 50 MB': () => {
    const size = 12 * megabyte;
    return {
      format: 'zip',
      archive: zip([
        zipSkill(),
        deflated('pdf-tools/noise', randomBytes(600 * 1024)),
        ...Array.from({ length: 4 }, (_, index) =>
          deflated(`pdf-tools/zeros-${index}`, Buffer.alloc(size)),
        ),
        deflated('pdf-tools/zeros-last', Buffer.alloc(size), 0),
      ]),
    };
  },
};
