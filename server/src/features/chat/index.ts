// What other features may use of the chat: the models a user may pick, with the staging and
// Multi Modal rules (sentiment analysis runs its chat-model engine through the same list); the
// answer stream with its output limit, and the per-user cap on answers streaming at once (Multi
// Docs answers under the chat's spending rules, issue items 5 and 6).
export { answer, estimateTokens } from './answer.ts';
export { createChatModels } from './models.ts';
export { type StreamCap, streamCap, TOO_MANY_ANSWERS_TEXT } from './stream-cap.ts';
