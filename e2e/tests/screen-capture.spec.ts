import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';
import { acceptPolicyCookie, signInThroughUi } from './helpers.ts';

/** Reads the entries of a zip (a .pptx is one) without a library: local headers, stored or deflated. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  // The central directory has the reliable sizes; walk it from the end-of-central-directory record.
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let offset = buf.readUInt32LE(eocd + 16);
  const count = buf.readUInt16LE(eocd + 10);
  for (let i = 0; i < count; i++) {
    const method = buf.readUInt16LE(offset + 10);
    const size = buf.readUInt32LE(offset + 20);
    const nameLen = buf.readUInt16LE(offset + 28);
    const extraLen = buf.readUInt16LE(offset + 30);
    const commentLen = buf.readUInt16LE(offset + 32);
    const local = buf.readUInt32LE(offset + 42);
    const name = buf.subarray(offset + 46, offset + 46 + nameLen).toString();
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataStart, dataStart + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    offset += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

test('screen capture: take screenshots and download them as Screenshots.pptx, one 10 x 5.625 in slide each', async ({ page, context }) => {
  await acceptPolicyCookie(context);
  await signInThroughUi(page, 'viewer@hangar.local');
  await page.getByRole('button', { name: 'Start Screen Capture' }).click();
  await page.getByRole('button', { name: 'Take Screenshot (0)' }).click();
  await expect(page.getByRole('button', { name: 'Take Screenshot (1)' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Applications' }).getByText('User Rights').click();
  await page.getByRole('button', { name: 'Take Screenshot (1)' }).click();
  await expect(page.getByRole('button', { name: 'Take Screenshot (2)' })).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PPTX' }).click()]);
  expect(download.suggestedFilename()).toBe('Screenshots.pptx');
  const files = unzip(readFileSync((await download.path())!));
  const slides = [...files.keys()].filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  expect(slides).toHaveLength(2);
  expect(files.get('ppt/presentation.xml')!.toString()).toMatch(/<p:sldSz cx="9144000" cy="5143500"/);
  const images = [...files.keys()].filter((n) => /^ppt\/media\/.+\.png$/.test(n));
  expect(images).toHaveLength(2);
  for (const image of images) expect(files.get(image)!.subarray(1, 4).toString()).toBe('PNG');

  await page.getByRole('button', { name: 'Stop Screen Capture' }).click();
  await expect(page.getByRole('button', { name: 'Start Screen Capture' })).toBeVisible();
  await page.getByRole('button', { name: 'Start Screen Capture' }).click();
  await expect(page.getByRole('button', { name: 'Take Screenshot (0)' })).toBeVisible();
});
