import { CHAT_ERROR_ADVICE } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { chatErrorText } from './errors';
import {
  isEmptyConversation,
  lastAssistantModel,
  messageRole,
  switchInfoText,
  toUiMessage,
  typedAnswerKeys,
  type UiMessage,
} from './messages';

describe('message shape (spec sections 5 and 8)', () => {
  it('returns the role of a well-formed message', () => {
    expect(messageRole({ user: 'Hi', timestamp: 't' })).toBe('user');
    expect(messageRole({ assistant: '', model: 'gpt4' })).toBe('assistant');
    expect(messageRole({ info: 'Switched' })).toBe('info');
    expect(messageRole({ error: 'Failed' })).toBe('error');
  });

  it.each(['user', 'assistant', 'info', 'error'])('rejects a non-string %s text', (role) => {
    expect(() => messageRole({ [role]: 42 })).toThrow(`Invalid message: ${role} text must be a string`);
    expect(() => messageRole({ [role]: null })).toThrow(`Invalid message: ${role} text must be a string`);
  });

  it.each([[{}], [{ model: 'gpt4', credit: 1 }], [null], ['text'], [{ user: undefined }]])('rejects %j without any text', (message) => {
    expect(() => messageRole(message)).toThrow('Invalid message: must contain either user, assistant, info or error text');
  });

  it('shows a malformed stored message as an error line with the validation text', () => {
    expect(toUiMessage({ assistant: ['x'], timestamp: 't' }, 'k')).toEqual({
      key: 'k',
      role: 'error',
      text: 'Invalid message: assistant text must be a string',
      timestamp: 't',
    });
    expect(toUiMessage({ assistant: 'Yes', model: 'mistral', credit: 2, timestamp: 't' }, 'k')).toMatchObject({
      role: 'assistant',
      text: 'Yes',
      model: 'mistral',
      credit: 2,
    });
  });
});

const msg = (role: UiMessage['role'], text: string, extra: Partial<UiMessage> = {}): UiMessage => ({
  key: `${role}-${text}`,
  role,
  text,
  timestamp: 't',
  ...extra,
});

describe('conversation helpers', () => {
  it('counts a conversation with only info lines as empty', () => {
    expect(isEmptyConversation([])).toBe(true);
    expect(isEmptyConversation([msg('info', 'switch')])).toBe(true);
    expect(isEmptyConversation([msg('info', 'switch'), msg('user', 'hi')])).toBe(false);
  });

  it('finds the model of the last answer', () => {
    const messages = [
      msg('assistant', 'a', { model: 'gpt4' }),
      msg('user', 'q', { model: 'gemini' }),
      msg('assistant', 'b', { model: 'mistral' }),
    ];
    expect(lastAssistantModel(messages)).toBe('mistral');
    expect(lastAssistantModel([msg('user', 'q', { model: 'gpt4' })])).toBeNull();
  });

  it('types only the last two answers of 200 characters or fewer', () => {
    const long = 'x'.repeat(201);
    const messages = [msg('assistant', 'one'), msg('user', 'q'), msg('assistant', 'two'), msg('assistant', long), msg('error', 'e')];
    expect([...typedAnswerKeys(messages)]).toEqual(['assistant-two']);
    expect([...typedAnswerKeys([msg('assistant', 'x'.repeat(200))])]).toHaveLength(1);
  });

  it('words the model switch as the spec does', () => {
    expect(switchInfoText('GPT 4o', 'Mistral')).toBe('You have now left the GPT 4o ... You are now using Mistral.');
  });
});

describe('chat error text (spec section 8)', () => {
  const json = (status: number, value: unknown) => new ApiError(status, 'Error', 'ignored', { kind: 'json', value });

  it("prefers the server's message, then detail.message, each with the advice once", () => {
    expect(chatErrorText(json(402, { detail: 'You have run out of credits.', message: 'x' }))).toBe(
      `You have run out of credits. ${CHAT_ERROR_ADVICE}`,
    );
    expect(chatErrorText(json(500, { detail: { message: 'Nested reason' } }))).toBe(`Nested reason ${CHAT_ERROR_ADVICE}`);
    expect(chatErrorText(json(502, { message: `Already advised. ${CHAT_ERROR_ADVICE}` }))).toBe(`Already advised. ${CHAT_ERROR_ADVICE}`);
  });

  it.each([
    [400, 'Bad request. Please check your input and try again.'],
    [401, 'Authentication error. Please log in again.'],
    [403, "Access denied. You don't have the necessary permissions."],
    [404, 'Service not found. Please try again later.'],
    [429, 'Too many requests. Please wait before trying again.'],
    [500, 'Internal server error. Please try again later.'],
    [504, 'Service temporarily unavailable. Please try again later.'],
    [418, 'An error occurred. Please try again.'],
  ])('without a server message, status %s reads "%s"', (status, text) => {
    expect(chatErrorText(new ApiError(status, '', 'Request failed', { kind: 'text', value: '<html>' }))).toBe(
      `${text} ${CHAT_ERROR_ADVICE}`,
    );
    expect(chatErrorText(json(status, {}))).toBe(`${text} ${CHAT_ERROR_ADVICE}`);
  });

  it('treats a network failure as the generic error', () => {
    expect(chatErrorText(new TypeError('Failed to fetch'))).toBe(`An error occurred. Please try again. ${CHAT_ERROR_ADVICE}`);
  });
});
