import { describe, expect, it } from 'vitest';
import { formatResponseTime, multidocsFileKind, pageTimeEstimate, responseTimeEstimate } from './multidocs.ts';

describe('multi-docs response-time estimate (spec section 9)', () => {
  it('interpolates between the points and stays flat from 220 pages', () => {
    expect(pageTimeEstimate(10)).toBe(5);
    expect(pageTimeEstimate(20)).toBe(7.5);
    expect(pageTimeEstimate(55)).toBe(17.5);
    expect(pageTimeEstimate(135)).toBe(27.5);
    expect(pageTimeEstimate(220)).toBe(35);
    expect(pageTimeEstimate(1000)).toBe(35);
    expect(pageTimeEstimate(1)).toBe(5);
  });
  it('adds the attachment and conversation extra time; seconds under 60, else minutes', () => {
    expect(responseTimeEstimate(30, 20, 5)).toBe(35);
    expect(formatResponseTime(59)).toBe('59 s');
    expect(formatResponseTime(150)).toBe('3 min');
  });
});

describe('multi-docs accepted types (spec section 5)', () => {
  it('knows each accepted type and refuses others', () => {
    expect(multidocsFileKind('a.PDF')).toBe('pdf');
    expect(multidocsFileKind('a.webm', 'audio/webm')).toBe('audio');
    expect(multidocsFileKind('a.webm', 'video/webm')).toBe('video');
    expect(multidocsFileKind('clip.mov', 'video/quicktime')).toBe('video');
    expect(multidocsFileKind('blob', 'audio/mpeg')).toBe('audio');
    expect(multidocsFileKind('scan.png')).toBe('image');
    expect(multidocsFileKind('notes.txt', 'text/plain')).toBeNull();
    expect(multidocsFileKind('x.exe', 'application/octet-stream')).toBeNull();
  });
});
