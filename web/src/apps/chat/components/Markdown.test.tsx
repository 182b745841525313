import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import Markdown from './Markdown';

// An answer's Markdown comes from a model, which a prompt injection can steer: an image would be
// fetched with the user's session as soon as it renders (a zero-click request to any same-origin path).

it('shows an image of an answer as a link, never as an image the browser fetches', () => {
  const { container } = render(<Markdown text={'Here: ![chart](/ai-factory/1001/%5C127.0.0.1:9/x.png) done'} />);
  expect(container.querySelector('img')).toBeNull();
  const link = screen.getByRole('link', { name: /Image: chart/ });
  expect(link.getAttribute('href')).toBe('/ai-factory/1001/%5C127.0.0.1:9/x.png');
  expect(link.getAttribute('rel')).toContain('noreferrer');
});

it('keeps ordinary links, tables and code', () => {
  const { container } = render(<Markdown text={'[doc](https://example.org/a)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nx\n```'} />);
  expect(screen.getByRole('link', { name: 'doc' }).getAttribute('href')).toBe('https://example.org/a');
  expect(container.querySelector('table')).not.toBeNull();
  expect(container.querySelector('pre')).not.toBeNull();
});
