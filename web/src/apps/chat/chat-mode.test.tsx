import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setChatMode, useChatMode, useClassicModeOnLeavingChat } from './chat-mode';

describe('the chat mode', () => {
  it('returns to CLASSIC when tab 9 is left, and only then', () => {
    setChatMode('CLASSIC');
    const { result, rerender } = renderHook(
      ({ active }) => {
        useClassicModeOnLeavingChat(active);
        return useChatMode();
      },
      { initialProps: { active: 1111111 } },
    );
    act(() => setChatMode('ASSISTANT_OPEN'));
    expect(result.current).toBe('ASSISTANT_OPEN');
    // Moving between other tabs keeps the panel's mode.
    rerender({ active: 22 });
    expect(result.current).toBe('ASSISTANT_OPEN');
    rerender({ active: 9 });
    expect(result.current).toBe('ASSISTANT_OPEN');
    rerender({ active: 1111111 });
    expect(result.current).toBe('CLASSIC');
  });
});
