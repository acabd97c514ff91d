import { describe, expect, it } from 'vitest';
import { MarkupScanner } from './content-check-markup';

/** The lexer as a stream delivers text: in parts cut anywhere, a tag or a comment among them. */

const inParts = (text: string, size: number) => {
  const scanner = new MarkupScanner();
  for (let i = 0; i < text.length && scanner.finding === null; i += size) {
    scanner.write(text.slice(i, i + size));
  }
  return scanner.finding;
};

const SVG = '<svg xmlns="http://www.w3.org/2000/svg">';

describe('the markup lexer', () => {
  it.each([1, 2, 3, 7, 64])('finds script cut into parts of %i characters', (size) => {
    const comment = "<!-- a comment with <script> and a quote ' in it -->";
    const cdata = '<![CDATA[ <script> ]]>';
    const pi = '<?render onload="x" ?>';
    const text = `<?xml version="1.0"?>${comment}${SVG}${cdata}${pi}<g title="a > b"><script>x</script></g></svg>`;
    expect(inParts(text, size)).toEqual({ markup: 'SVG', what: 'a <script> element' });
    expect(inParts(text.replace('<script>x</script>', ''), size)).toBeNull();
  });

  it('skips what is not a tag: comments, CDATA, processing instructions, a value’s >', () => {
    expect(
      inParts(`${SVG}<!-- <script> --><![CDATA[<script>]]><?x <script>?></svg>`, 5),
    ).toBeNull();
    expect(inParts(`${SVG}<g data-x="<script>"/></svg>`, 5)).toBeNull();
  });

  it('resolves namespaces per element: a prefix bound inside goes out of scope', () => {
    const bound =
      '<r><x:g xmlns:x="http://www.w3.org/2000/svg"/><x:script>plain XML</x:script></r>';
    expect(inParts(bound, 9)).toBeNull();
    const nested = `<r xmlns:x="http://www.w3.org/1999/xhtml"><a/><b><x:body onload="x"/></b></r>`;
    expect(inParts(nested, 9)).toEqual({
      markup: 'XHTML',
      what: 'an event attribute onload= on <x:body>',
    });
    // A default namespace set back to none on a child: its <script> is plain XML.
    expect(
      inParts('<r xmlns="http://www.w3.org/1999/xhtml"><d xmlns=""><script/></d></r>', 4),
    ).toBeNull();
  });

  it('reads a lone < as text and a DOCTYPE without a subset as a declaration', () => {
    expect(inParts('<<svg onload="x">', 3)).toEqual({
      markup: 'SVG',
      what: 'an event attribute onload= on <svg>',
    });
    expect(
      inParts(`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x[.dtd">${SVG}</svg>`, 6),
    ).toBeNull();
    expect(inParts(`<!DOCTYPE svg [ ]>${SVG}</svg>`, 6)).toMatchObject({ markup: 'XML' });
  });
});
