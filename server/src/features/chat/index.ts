// What other features may use of the chat: the models a user may pick, with the staging and
// Multi Modal rules (sentiment analysis runs its chat-model engine through the same list).
export { createChatModels } from './models.ts';
