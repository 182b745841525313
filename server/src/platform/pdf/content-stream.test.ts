import { describe, expect, it } from 'vitest';
import { stripTextOperators } from './content-stream.ts';

describe('stripTextOperators', () => {
  it('removes text-showing operators with their operands and keeps everything else', () => {
    const input = `q 1 0 0 1 0 0 cm 0 0 10 10 re f BT /F1 12 Tf 72 700 Td (Hello \\(world\\)) Tj [(A) -120 (B)] TJ 14 TL (next) ' 1 2 (x) " ET Q`;
    const { content, removed } = stripTextOperators(input);
    expect(removed).toBe(4);
    expect(content).not.toMatch(/Hello|\(A\)|next|\(x\)/);
    expect(content).toContain('0 0 10 10 re f BT /F1 12 Tf 72 700 Td');
    expect(content).toContain('14 TL');
    expect(content.match(/T\*/g)).toHaveLength(2);
  });

  it('passes inline images and hex strings through', () => {
    const input = 'BI /W 2 /H 1 /BPC 8 /CS /G ID \x00Tj) EI Q BT <48656c6c6f> Tj ET';
    const { content } = stripTextOperators(input);
    expect(content).toContain('ID \x00Tj) EI');
    expect(content).not.toContain('<48656c6c6f>');
  });
});
