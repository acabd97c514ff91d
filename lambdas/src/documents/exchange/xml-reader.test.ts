import { describe, expect, it } from 'vitest';
import { XmlSyntaxError, xmlReader, type XmlEvent, type XmlReadOptions } from './xml-reader';

async function eventsOf(
  chunks: string[] | string,
  options: Partial<XmlReadOptions> = {},
): Promise<XmlEvent[]> {
  const reader = await xmlReader({ maxHeld: 1 << 20, maxDepth: 64, ...options });
  const events: XmlEvent[] = [];
  for (const chunk of typeof chunks === 'string' ? [chunks] : chunks) {
    events.push(...reader.push(chunk));
    if (reader.failure) throw reader.failure;
  }
  events.push(...reader.end());
  if (reader.failure) throw reader.failure;
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

async function syntaxError(xml: string | string[], options: Partial<XmlReadOptions> = {}) {
  try {
    await eventsOf(xml, options);
  } catch (error) {
    if (error instanceof XmlSyntaxError) return { line: error.line, message: error.message };
    throw error;
  }
  throw new Error('expected an XmlSyntaxError');
}

const textOf = (events: XmlEvent[]): string =>
  events
    .filter((e) => e.type === 'text')
    .map((e) => e.text)
    .join('');

describe('XmlReader', () => {
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
    expect(starts[0]).toMatchObject({ attributes: [] });
    expect(starts[1]).toMatchObject({
      attributes: [
        { name: 'b:x', namespace: 'urn:b', local: 'x', value: '1', line: 3 },
        { name: 'y', namespace: null, local: 'y', value: '2', line: 3 },
      ],
    });
  });

  it('gives a start tag the line of its name, an attribute the line of its value', async () => {
    const [start] = await eventsOf('\n<a\n  x="1"\n\n  y="2"\n/>');
    expect(start).toMatchObject({
      line: 2,
      attributes: [
        { name: 'x', line: 3 },
        { name: 'y', line: 5 },
      ],
    });
  });

  it('decodes references and CDATA, normalises line ends and attribute whitespace', async () => {
    const events = await eventsOf(
      '<a v="x\ty&#9;z">&lt;&#x1F600;&amp;&#65;<![CDATA[<raw & ]]>\r\nline</a>',
    );
    expect(events[0]).toMatchObject({ attributes: [{ value: 'x y\tz' }] });
    expect(textOf(events)).toBe('<😀&A<raw & \nline');
  });

  it('gives the same events however the text is cut', async () => {
    const xml = '<a x="1 &amp; 2">é&amp;ü😀<!-- c --><b><![CDATA[x]]></b>\r\n</a>';
    const whole = await outline(xml);
    for (let cut = 1; cut < xml.length; cut += 1) {
      expect(await outline([xml.slice(0, cut), xml.slice(cut)])).toEqual(whole);
    }
    expect(await outline(Array.from(xml))).toEqual(whole);
    expect(await outline(xml.split(''))).toEqual(whole);
  });

  it('refuses what is not well-formed, with the line', async () => {
    const cases: [string, number, string][] = [
      ['<a>\n<b>\n</a>', 3, '</a> where </b> (opened on line 2) was expected.'],
      ['<a>\n<b>\n</c\n>', 4, '</c> where </b> (opened on line 2) was expected.'],
      ['<a/></a>', 1, '</a> closes nothing.'],
      ['<a>\n', 2, '<a> (line 1) is never closed.'],
      ['<a/><b/>', 1, 'A second root element.'],
      ['hello<a/>', 1, 'Text outside the root element.'],
      ['<a>&nbsp;</a>', 1, 'Unknown entity &nbsp;.'],
      ['<a>\n\nfish & chips</a>', 3, "A bare '&' (write &amp;)."],
      ['<a><b>x & y</b>\n<c>&amp;</c></a>', 1, "A bare '&' (write &amp;)."],
      ['<a>\r\n<b x="1 & 2"/>\n<c>&amp;</c></a>', 2, "A bare '&' (write &amp;)."],
      ['<a>&#0;</a>', 1, '&#0; is not an XML character.'],
      ['<a>\n\u0001</a>', 2, 'Character U+0001 is not allowed.'],
      ['<p:a/>', 1, 'The prefix p is not declared.'],
      ['<a p:x="1"/>', 1, 'The prefix p is not declared.'],
      [' <?xml version="1.0"?><a/>', 1, 'The XML declaration may only open the document.'],
      [
        '<?xml version="1.0" encoding="ISO-8859-1"?><a/>',
        1,
        'The document is declared ISO-8859-1; only UTF-8 is read.',
      ],
      ['<a><!-- a -- b --></a>', 1, "'--' inside a comment."],
      ['', 1, 'The document has no root element.'],
    ];
    for (const [xml, line, message] of cases) {
      expect({ xml, ...(await syntaxError(xml)) }).toEqual({ xml, line, message });
    }
    // what we have no words of our own for, saxes says
    for (const xml of ['<a x="1" x="2"/>', '<a x=1/>', '<1a/>', '<a>]]></a>']) {
      expect((await syntaxError(xml)).message).toMatch(/^[A-Z]/u);
    }
  });

  it('finds a bare & on its line however the text is cut, with any line ends', async () => {
    for (const end of ['\n', '\r\n', '\r']) {
      const xml = [
        '<a>',
        '<b>1</b>',
        '<!-- & -->',
        '<c x="&amp;">',
        'fish & chips</c>',
        '</a>',
      ].join(end);
      for (let cut = 1; cut < xml.length; cut += 1) {
        expect(await syntaxError([xml.slice(0, cut), xml.slice(cut)])).toEqual({
          line: 5,
          message: "A bare '&' (write &amp;).",
        });
      }
    }
  });

  it('refuses a document type declaration, and expands no entity', async () => {
    for (const [xml, line] of [
      ['<!DOCTYPE a SYSTEM "file:///etc/passwd"><a/>', 1],
      [
        '<?xml version="1.0"?>\n<!DOCTYPE a [\n<!ENTITY x SYSTEM "file:///etc/passwd">\n]>\n<a>&x;</a>',
        4,
      ],
      ['<a/>\n<!DOCTYPE a>', 2],
    ] as const) {
      expect(await syntaxError(xml)).toEqual({
        line,
        message: 'A document type declaration (DOCTYPE) is not accepted.',
      });
    }
  });

  it('reads a document declaring XML 1.1 by the rules of 1.0', async () => {
    expect((await syntaxError('<?xml version="1.1"?><a>&#1;</a>')).message).toBe(
      '&#1; is not an XML character.',
    );
  });

  it('holds no more than allowed between two events', async () => {
    expect(
      await syntaxError(['<a>', `<b x="${'y'.repeat(100)}`, 'y'.repeat(100)], { maxHeld: 64 }),
    ).toEqual({
      line: 1,
      message: 'A tag, comment or text is too long.',
    });
    await expect(
      eventsOf(['<a>', `<!--${'c'.repeat(100)}`, '--></a>'], { maxHeld: 64 }),
    ).rejects.toThrow('A tag, comment or text is too long.');
    // below the limit between events, a document of any length is read
    const events = await eventsOf(
      ['<a>', ...Array.from({ length: 100 }, () => '<b>zz</b>'), '</a>'],
      {
        maxHeld: 64,
      },
    );
    expect(textOf(events)).toHaveLength(200);
  });

  it('reads a chunk larger than the limit when nothing between two events is', async () => {
    // An inflated zip entry arrives in chunks of up to 80 KiB: each is far above maxHeld, but no
    // tag or text in it is (saxes's position counts a chunk twice once write() returns).
    const chunk = `<a>${'<b>zz</b>'.repeat(100)}</a>`;
    const events = await eventsOf([chunk], { maxHeld: 64 });
    expect(textOf(events)).toHaveLength(200);
  });

  it('refuses elements nested too deeply', async () => {
    expect(await syntaxError('<a>'.repeat(100), { maxDepth: 64 })).toEqual({
      line: 1,
      message: 'Elements are nested too deeply.',
    });
  });
});
