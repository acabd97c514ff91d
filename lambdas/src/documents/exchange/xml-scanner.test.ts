import { describe, expect, it } from 'vitest';
import { XmlSyntaxError, xmlEvents, type XmlEvent } from './xml-scanner';

async function eventsOf(chunks: string[] | string, maxTokenLength?: number): Promise<XmlEvent[]> {
  const events: XmlEvent[] = [];
  const options = maxTokenLength === undefined ? {} : { maxTokenLength };
  for await (const event of xmlEvents(typeof chunks === 'string' ? [chunks] : chunks, options)) {
    events.push(event);
  }
  return events;
}

/** Start and end events and the text between them (not blank), as short strings. */
async function outline(xml: string | string[]): Promise<string[]> {
  const out: string[] = [];
  let text = '';
  for (const event of await eventsOf(xml)) {
    if (event.type === 'text') {
      text += event.text; // text may come in pieces
      continue;
    }
    if (text.trim() !== '') out.push(`"${text}"`);
    text = '';
    const name = `${event.namespace ?? ''}|${event.local}`;
    out.push(event.type === 'start' ? `<${name}>@${event.line}` : `</${name}>@${event.line}`);
  }
  return out;
}

async function syntaxError(xml: string | string[]): Promise<XmlSyntaxError> {
  try {
    await eventsOf(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) return error;
    throw error;
  }
  throw new Error('expected an XmlSyntaxError');
}

describe('xmlEvents', () => {
  it('resolves namespaces, default and prefixed, and counts lines', async () => {
    const xml =
      '<?xml version="1.0" encoding="utf-8"?>\n<a xmlns="urn:a" xmlns:b="urn:b">\n' +
      '  <b:c b:x="1" y="2"/>\n  <d xmlns="">t</d>\n</a>';
    expect(await outline(xml)).toEqual([
      '<urn:a|a>@2',
      '<urn:b|c>@3',
      '</urn:b|c>@3',
      '<|d>@4',
      '"t"',
      '</|d>@4',
      '</urn:a|a>@5',
    ]);
    const starts = (await eventsOf(xml)).filter((event) => event.type === 'start');
    expect(starts[1]).toMatchObject({
      attributes: [
        { name: 'b:x', namespace: 'urn:b', local: 'x', value: '1' },
        { name: 'y', namespace: null, local: 'y', value: '2' },
      ],
    });
  });

  it('decodes references and CDATA, normalises line ends and attribute whitespace', async () => {
    const events = await eventsOf(
      '<a v="x\ty&#9;z">&lt;&#x1F600;&amp;&#65;<![CDATA[<raw & ]]>\r\nline</a>',
    );
    expect(events[0]).toMatchObject({ attributes: [{ value: 'x y\tz' }] });
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => e.text)
        .join(''),
    ).toBe('<😀&A<raw & \nline');
  });

  it('gives the same events however the text is cut', async () => {
    const xml = '<a x="1 &amp; 2">é&amp;ü<!-- c --><b><![CDATA[x]]></b>\r\n</a>';
    const whole = await outline(xml);
    for (let cut = 1; cut < xml.length; cut += 1) {
      expect(await outline([xml.slice(0, cut), xml.slice(cut)])).toEqual(whole);
    }
    expect(await outline(Array.from(xml))).toEqual(whole);
  });

  it('refuses what is not well-formed, with the line', async () => {
    const cases: [string, number, string][] = [
      ['<a>\n<b>\n</a>', 3, '</a> where </b> (opened on line 2) was expected.'],
      ['<a>\n', 2, '<a> (line 1) is never closed.'],
      ['<a/><b/>', 1, 'A second root element.'],
      ['hello<a/>', 1, 'Text outside the root element.'],
      ['<a>&nbsp;</a>', 1, 'Unknown entity &nbsp;.'],
      ['<a>fish & chips</a>', 1, "A bare '&' (write &amp;)."],
      ['<a>&#0;</a>', 1, '&#0; is not an XML character.'],
      ['<a x="1" x="2"/>', 1, 'x is given twice on <a>.'],
      ['<a x=1/>', 1, 'Malformed attributes in <a>.'],
      ['<p:a/>', 1, 'The prefix p of p:a is not declared.'],
      ['<a>\n\u0001</a>', 2, 'Character U+0001 is not allowed.'],
      [' <?xml version="1.0"?><a/>', 1, 'The XML declaration may only open the document.'],
      [
        '<?xml version="1.0" encoding="ISO-8859-1"?><a/>',
        1,
        'The document is declared ISO-8859-1; only UTF-8 is read.',
      ],
      [
        '<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>',
        1,
        'A document type declaration (DOCTYPE) is not accepted.',
      ],
      ['<a><!-- a -- b --></a>', 1, "'--' inside a comment."],
      ['', 1, 'The document has no root element.'],
    ];
    for (const [xml, line, message] of cases) {
      const error = await syntaxError(xml);
      expect({ line: error.line, message: error.message }).toEqual({ line, message });
    }
  });

  it('refuses a token longer than allowed instead of holding it', async () => {
    await expect(
      eventsOf(['<a>', `<b x="${'y'.repeat(100)}`, 'y'.repeat(100)], 64),
    ).rejects.toThrow('A tag, comment or text is too long.');
    // text is handed on in pieces, so long text is no token
    const events = await eventsOf(['<a>', 'z'.repeat(100), 'z'.repeat(100), '</a>'], 64);
    expect(
      events
        .filter((e) => e.type === 'text')
        .map((e) => e.text)
        .join(''),
    ).toHaveLength(200);
  });

  it('refuses elements nested too deeply', async () => {
    await expect(eventsOf('<a>'.repeat(100))).rejects.toThrow('Elements are nested too deeply.');
  });
});
