import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, badRequest } from '../errors.ts';
import { runTool } from './tools.ts';
import type { Extracted, ExtractOptions } from './types.ts';

export interface SpeechConfig {
  STT_BASE_URL?: string;
  STT_API_KEY?: string;
  STT_MODEL: string;
}

const SPHINX_MODEL = '/usr/share/pocketsphinx/model/en-us';
export const NO_SPEECH = 'No speech was found in this recording.';

/** Length of an audio or video file in seconds; a file ffmpeg cannot read is a 400. */
export async function mediaDuration(file: string, opts: ExtractOptions): Promise<number> {
  let out: string;
  try {
    ({ stdout: out } = await runTool(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration', '-of', 'default=noprint_wrappers=1:nokey=1', file],
      { timeoutMs: 30_000, signal: opts.signal },
    ));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('This audio or video file is damaged or in a format that cannot be read.');
  }
  const seconds = Number.parseFloat(out.trim());
  if (!Number.isFinite(seconds) || seconds <= 0) throw badRequest('This audio or video file holds no sound to transcribe.');
  return seconds;
}

/** The audio track as 16 kHz mono 16-bit wav (what both recognisers take), cut at maxSeconds. */
export async function toSpeechWav(file: string, maxSeconds: number, opts: ExtractOptions): Promise<string> {
  const out = path.join(opts.workDir, 'speech-16k.wav');
  try {
    await runTool(
      'ffmpeg',
      ['-nostdin', '-v', 'error', '-y', '-i', file, '-vn', '-t', String(maxSeconds), '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', out],
      { timeoutMs: opts.timeoutMs, signal: opts.signal },
    );
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('This file has no audio track that can be read.');
  }
  return out;
}

/** The recording saved as mp3 (spec: recordings are kept as mp3). */
export async function toMp3(file: string, opts: ExtractOptions): Promise<string> {
  const out = path.join(opts.workDir, 'recording.mp3');
  await runTool('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', file, '-vn', '-ac', '1', '-b:a', '64k', out], {
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
  });
  return out;
}

/**
 * Speech to text: the configured OpenAI-compatible endpoint (POST {STT_BASE_URL}/audio/transcriptions),
 * else PocketSphinx on this machine, labelled offline. An empty transcript (noise, silence) is a 400.
 */
export async function transcribe(wav: string, config: SpeechConfig, opts: ExtractOptions): Promise<{ text: string; offline: boolean }> {
  let text: string;
  let offline = false;
  if (config.STT_BASE_URL) {
    const form = new FormData();
    form.set('file', new Blob([await readFile(wav)], { type: 'audio/wav' }), 'audio.wav');
    form.set('model', config.STT_MODEL);
    form.set('response_format', 'json');
    const url = `${config.STT_BASE_URL.replace(/\/+$/, '')}/audio/transcriptions`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        body: form,
        headers: config.STT_API_KEY ? { authorization: `Bearer ${config.STT_API_KEY}` } : {},
        signal: AbortSignal.any([AbortSignal.timeout(opts.timeoutMs), ...(opts.signal ? [opts.signal] : [])]),
      });
    } catch {
      throw new AppError('UNAVAILABLE', 'The speech-to-text service did not answer. Try again later.');
    }
    if (!response.ok) throw new AppError('UNAVAILABLE', `The speech-to-text service refused the recording (HTTP ${response.status}).`);
    const body = (await response.json().catch(() => ({}))) as { text?: unknown };
    if (typeof body.text !== 'string') throw new AppError('UNAVAILABLE', 'The speech-to-text service sent no transcript.');
    text = body.text;
  } else {
    offline = true;
    const { stdout } = await runTool(
      'pocketsphinx_continuous',
      [
        '-infile',
        wav,
        '-hmm',
        path.join(SPHINX_MODEL, 'en-us'),
        '-lm',
        path.join(SPHINX_MODEL, 'en-us.lm.bin'),
        '-dict',
        path.join(SPHINX_MODEL, 'cmudict-en-us.dict'),
        '-logfn',
        '/dev/null',
      ],
      { timeoutMs: opts.timeoutMs, signal: opts.signal },
    );
    text = stdout
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .join('. ');
  }
  text = text.trim();
  if (!/\p{L}{2,}/u.test(text)) throw badRequest(NO_SPEECH);
  return { text, offline };
}

/** Audio or video to searchable text: duration checked, audio decoded, then transcribed. */
export async function extractMedia(
  file: string,
  config: SpeechConfig,
  maxSeconds: number,
  opts: ExtractOptions,
): Promise<Extracted & { offline: boolean }> {
  const duration = await mediaDuration(file, opts);
  if (duration > maxSeconds + 1) {
    throw badRequest(`This recording lasts ${Math.round(duration / 60)} minutes: at most ${Math.round(maxSeconds / 60)} are accepted.`);
  }
  opts.onProgress?.(0, null, 'Decoding the audio');
  const wav = await toSpeechWav(file, maxSeconds, opts);
  const length = duration < 90 ? `${Math.max(1, Math.round(duration))} s` : `${Math.round(duration / 60)} min`;
  opts.onProgress?.(0, null, `Transcribing ${length} of speech`);
  const { text, offline } = await transcribe(wav, config, opts);
  return {
    sections: [{ page: null, heading: null, text }],
    // A minute of speech counts as a page for the response-time estimate.
    pages: Math.max(1, Math.ceil(duration / 60)),
    method: offline ? 'speech to text (offline PocketSphinx, English)' : 'speech to text',
    durationSeconds: duration,
    offline,
  };
}
