import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Excerpt, excerptParts, plainExcerpt } from './Excerpt';

afterEach(cleanup);

describe('history search excerpts', () => {
  it("drops the answer's Markdown instead of showing raw ** and backticks", () => {
    expect(plainExcerpt('…the **Mistral** model, see `config` and [the docs](https://x)')).toBe(
      '…the Mistral model, see config and the docs',
    );
    expect(plainExcerpt('## Budget\nline')).toBe('Budget line');
  });

  it('marks every occurrence of the term, whatever its case', () => {
    expect(excerptParts('Mistral or **mistral**', 'MISTRAL')).toEqual([
      { text: 'Mistral', hit: true },
      { text: ' or ', hit: false },
      { text: 'mistral', hit: true },
    ]);
  });

  it('renders the match highlighted and no asterisks', () => {
    const { container } = render(<Excerpt text="use **Mistral** for French" term="mistral" />);
    expect(container.textContent).toBe('use Mistral for French');
    expect(container.querySelector('mark')?.textContent).toBe('Mistral');
  });
});
