import { DataAnswer, DataCatalogue, QuestionHistory, SavedQuestion, SavedQuestions } from '@hangar/contract';
import { apiFetch, apiJson } from '../../api/client';

// Talk to my data's calls (issue 16). The question is asked as JSON: the server answers in one
// piece, so the event stream would only add parsing here.

const BASE = '/api/generative_analytics';

export const ANALYTICS_API = {
  catalogue: `${BASE}/catalogue`,
  ask: `${BASE}/ask`,
  history: `${BASE}/history`,
  answer: (id: string) => `${BASE}/history/${encodeURIComponent(id)}`,
  saved: `${BASE}/saved`,
  savedOne: (id: string) => `${BASE}/saved/${encodeURIComponent(id)}`,
} as const;

export const analyticsKeys = {
  catalogue: ['analytics', 'catalogue'] as const,
  history: ['analytics', 'history'] as const,
  saved: ['analytics', 'saved'] as const,
};

export const fetchCatalogue = () => apiJson(ANALYTICS_API.catalogue, DataCatalogue);

export const askQuestion = (question: string) =>
  apiJson(ANALYTICS_API.ask, DataAnswer, { method: 'POST', body: JSON.stringify({ question }) });

export const fetchHistory = () => apiJson(ANALYTICS_API.history, QuestionHistory);

export const fetchAnswer = (id: string) => apiJson(ANALYTICS_API.answer(id), DataAnswer);

export const forgetAnswer = (id: string) => apiFetch(ANALYTICS_API.answer(id), { method: 'DELETE' }).then(() => undefined);

export const fetchSaved = () => apiJson(ANALYTICS_API.saved, SavedQuestions);

export const saveQuestion = (title: string, question: string) =>
  apiJson(ANALYTICS_API.saved, SavedQuestion, { method: 'POST', body: JSON.stringify({ title, question }) });

export const deleteSaved = (id: string) => apiFetch(ANALYTICS_API.savedOne(id), { method: 'DELETE' }).then(() => undefined);
