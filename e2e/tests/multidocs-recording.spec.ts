import path from 'node:path';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { expect, test } from './fixtures.ts';
import { signedInPage, startMultiDocsChat } from './helpers.ts';

// Multi Docs recording (issue 15) in a real browser: Chromium's fake microphone plays espeak-ng's
// "seven passengers. three terminals. nine flights." (server/test/fixtures/multidocs/README.md);
// the recording goes to transcript-file and the offline recogniser's transcript fills the question.
// A file of its own: launch options force a browser (a worker) of their own, for this file only.
const SPEECH = path.join(import.meta.dirname, '../../server/test/fixtures/multidocs/speech.wav');

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${SPEECH}`,
    ],
  },
});

test('records, shows the placeholder block with a spinner, then the transcript fills the question', async ({ browser }) => {
  // Offline recognition takes several seconds, far more on a loaded machine.
  test.setTimeout(150_000);
  const page = await signedInPage(browser, 'analyst@hangar.local');
  await startMultiDocsChat(page);
  await page.getByRole('button', { name: 'Record' }).click();
  const block = page.getByTestId('recording-block');
  await expect(block).toContainText('Recording…');
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  // The fixture lasts 3 s: record it whole.
  await page.waitForTimeout(4000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(block).toContainText('Transcribing…');
  await expect(block.locator('.animate-spin')).toBeVisible();
  const box = page.getByPlaceholder('Select one or all file then ask question');
  await expect(box).toHaveValue(/three/, { timeout: 60_000 });
  await expect(box).toHaveValue(/^\[Offline transcription, English\]/);
  await expect(block).toHaveCount(0);
});
