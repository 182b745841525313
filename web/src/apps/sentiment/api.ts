import {
  SentimentAnalysis,
  SentimentEngine,
  SentimentEstimate,
  type SentimentFilter,
  SentimentResult,
  type SentimentRunBody,
} from '@hangar/contract';
import { z } from 'zod';
import { apiBlob, apiFetch, apiJson } from '../../api/client';
import { saveBlob } from '../../pages/download/download-file';

// Sentiment analysis (tab 4): upload, choose the columns, run as a job, read the result, download.

const base = '/api/sentiment/analyses';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export const sentimentKeys = {
  engines: ['sentiment', 'engines'] as const,
  analyses: ['sentiment', 'analyses'] as const,
  analysis: (id: string) => ['sentiment', 'analysis', id] as const,
  result: (id: string, filter: SentimentFilter) => ['sentiment', 'result', id, filter] as const,
  estimate: (id: string, text: string, engine: string) => ['sentiment', 'estimate', id, text, engine] as const,
};

export const POLL_MS = 1000;

export const fetchEngines = () => apiJson('/api/sentiment/engines', z.array(SentimentEngine));
export const fetchAnalyses = () => apiJson(base, z.array(SentimentAnalysis));
export const fetchAnalysis = (id: string) => apiJson(one(id), SentimentAnalysis);

export function uploadSheet(file: File): Promise<SentimentAnalysis> {
  const form = new FormData();
  form.set('file', file, file.name);
  return apiJson(base, SentimentAnalysis, { method: 'POST', body: form });
}

export function fetchEstimate(id: string, textColumn: string, engine: string): Promise<SentimentEstimate> {
  const q = new URLSearchParams({ text_column: textColumn, engine });
  return apiJson(`${one(id)}/estimate?${q}`, SentimentEstimate);
}

export function runAnalysis(id: string, body: SentimentRunBody): Promise<SentimentAnalysis> {
  return apiJson(`${one(id)}/run`, SentimentAnalysis, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export function fetchResult(id: string, filter: SentimentFilter): Promise<SentimentResult> {
  const q = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  return apiJson(`${one(id)}/result?${q}`, SentimentResult);
}

export async function downloadEnriched(id: string, format: 'xlsx' | 'csv'): Promise<void> {
  const file = await apiBlob(`${one(id)}/download?format=${format}`);
  saveBlob(file.blob, file.fileName ?? `sentiment.${format}`);
}

export async function deleteAnalysis(id: string): Promise<void> {
  await apiFetch(one(id), { method: 'DELETE' });
}
