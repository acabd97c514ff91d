import {
  BATCH,
  EMS_NAMESPACE,
  OBJECT,
  XSI_NAMESPACE,
  type ComplexType,
  type EmsBatch,
  type EmsObject,
  type Particle,
  type SimpleType,
  isComplex,
  processed,
} from './ems-schema';
import type { XmlEvent } from './xml-reader';

/**
 * The rules of the standard's XML Schema (ems-schema.ts) applied to the events of an
 * exchange.xml (xml-reader.ts): the root and its namespace, required and unknown attributes,
 * element order and how often each may appear, unknown elements, patterns, enumerations and
 * types. Each problem is reported with its line, and reading goes on after it, so one pass
 * lists what is wrong.
 *
 * The batch's attributes come first, then each object once its </OBJECT> is read and only if
 * nothing in it was wrong, so only the object being read is held.
 */

export interface ExchangeProblem {
  line: number;
  message: string;
}

export type ExchangeItem =
  | { kind: 'batch'; batch: EmsBatch; line: number }
  | { kind: 'object'; object: EmsObject; line: number }
  | { kind: 'problem'; problem: ExchangeProblem };

export interface ExchangeParseOptions {
  /** reading stops after this many problems */
  maxProblems: number;
  /** the longest value (or tag, or comment) accepted, in characters */
  maxValueLength: number;
}

const WHITESPACE = /^[ \t\n\r]*$/u;

interface Frame {
  /** the element's name as written */
  name: string;
  line: number;
  /** how the parent's sequence admitted it; null for the root */
  particle: Particle | null;
  /** a complex type, a simple type, or null: content skipped after a problem */
  type: ComplexType | SimpleType | null;
  /** where the sequence stands: the particle reached and how often it has been seen */
  position: number;
  count: number;
  /** required particles passed over, reported at the end unless they turn up out of order */
  passed: { particle: Particle; line: number; before: string }[];
  values: Record<string, unknown>;
  text: string;
  textReported: boolean;
  /** something in it was wrong: it is not handed on */
  broken: boolean;
}

export class Validator {
  stopped = false;
  private problems = 0;
  private readonly stack: Frame[] = [];
  private out: ExchangeItem[] = [];

  constructor(private readonly limits: ExchangeParseOptions) {}

  take(event: XmlEvent): ExchangeItem[] {
    this.out = [];
    if (event.type === 'start') this.start(event);
    else if (event.type === 'text') this.text(event.text);
    else this.end(event.line);
    return this.out;
  }

  /**
   * What to say when more is held than a value may be: the value of the open element, if it
   * holds one, is too long; otherwise the reader's own words stand.
   */
  tooLong(): ExchangeProblem | null {
    const frame = this.stack.at(-1);
    if (!frame?.type || (isComplex(frame.type) && !frame.type.text)) return null;
    return { line: frame.line, message: `<${frame.name}> is too long.` };
  }

  private problem(line: number, message: string) {
    if (this.stopped) return;
    this.problems += 1;
    this.out.push({ kind: 'problem', problem: { line, message } });
    if (this.problems >= this.limits.maxProblems) {
      this.out.push({
        kind: 'problem',
        problem: { line, message: `Stopped after ${this.problems} problems.` },
      });
      this.stopped = true;
    }
  }

  private frame(name: string, line: number, particle: Particle | null, type: Frame['type']) {
    const values: Record<string, unknown> = {};
    if (type && isComplex(type)) {
      // objects are handed on one by one, never gathered in the batch
      for (const child of type.children) {
        if (child.many && child.content !== OBJECT) values[child.key] = [];
      }
    }
    const frame: Frame = {
      name,
      line,
      particle,
      type,
      position: 0,
      count: 0,
      passed: [],
      values,
      text: '',
      textReported: false,
      broken: false,
    };
    this.stack.push(frame);
    return frame;
  }

  private start(event: Extract<XmlEvent, { type: 'start' }>) {
    const { name, line } = event;
    const parent = this.stack.at(-1);
    if (!parent) {
      if (event.local !== 'BATCH' || event.namespace !== EMS_NAMESPACE) {
        this.problem(
          line,
          event.local === 'BATCH'
            ? `<BATCH> must be in the namespace ${EMS_NAMESPACE}; it is in ${event.namespace ?? 'no namespace'}.`
            : `The root element must be <BATCH>, not <${name}>.`,
        );
        this.stopped = true;
        return;
      }
      const root = this.frame(name, line, null, BATCH);
      this.attributes(root, BATCH, event);
      if (!root.broken) {
        // the frame's values are exactly BATCH's attribute keys, each checked by its type
        this.out.push({ kind: 'batch', batch: root.values as unknown as EmsBatch, line });
      }
      return;
    }
    if (parent.type === null) {
      this.frame(name, line, null, null);
      return;
    }
    if (!isComplex(parent.type) || parent.type.text) {
      this.problem(line, `<${parent.name}> holds a value, not elements; <${name}> is not allowed.`);
      this.skip(parent, name, line);
      return;
    }
    if (event.namespace !== EMS_NAMESPACE) {
      this.problem(
        line,
        `<${name}> is not an element of the standard (namespace ${event.namespace ?? 'none'}).`,
      );
      this.skip(parent, name, line);
      return;
    }
    const particle = this.admit(parent, parent.type, event.local, line);
    if (!particle) {
      this.skip(parent, name, line);
      return;
    }
    const frame = this.frame(name, line, particle, particle.content);
    this.attributes(frame, isComplex(particle.content) ? particle.content : null, event);
  }

  private skip(parent: Frame, name: string, line: number) {
    parent.broken = true;
    this.frame(name, line, null, null);
  }

  /** Moves the parent's sequence on to `local`, or says why it may not be there. */
  private admit(parent: Frame, type: ComplexType, local: string, line: number): Particle | null {
    const particles = type.children;
    const index = particles.findIndex((particle) => particle.element === local);
    const particle = particles[index];
    const current = particles[parent.position];
    if (!particle || !current) {
      this.problem(line, `<${local}> is not an element of <${parent.name}>.`);
      return null;
    }
    if (index < parent.position) {
      // one passed over as missing has turned up late: it is out of order, not missing
      parent.passed = parent.passed.filter((passed) => passed.particle !== particle);
      this.problem(
        line,
        `<${local}> is out of order in <${parent.name}>: it must come before <${current.element}>.`,
      );
      return null;
    }
    if (index === parent.position) {
      if (parent.count > 0 && !particle.many) {
        this.problem(line, `<${local}> may appear only once in <${parent.name}>.`);
        return null;
      }
      parent.count += 1;
      return particle;
    }
    for (let i = parent.position; i < index; i += 1) {
      const passed = particles[i];
      const seen = i === parent.position ? parent.count : 0;
      if (passed && seen < passed.min)
        parent.passed.push({ particle: passed, line, before: local });
    }
    parent.position = index;
    parent.count = 1;
    return particle;
  }

  private attributes(
    frame: Frame,
    type: ComplexType | null,
    event: Extract<XmlEvent, { type: 'start' }>,
  ) {
    const rules = type?.attributes ?? [];
    for (const attribute of event.attributes) {
      if (
        attribute.namespace === XSI_NAMESPACE &&
        (attribute.local === 'schemaLocation' || attribute.local === 'noNamespaceSchemaLocation')
      ) {
        continue; // allowed on any element, a hint for validators
      }
      const rule = rules.find((r) => attribute.namespace === null && r.name === attribute.local);
      if (!rule) {
        this.problem(attribute.line, `<${event.name}> has an unknown attribute ${attribute.name}.`);
        frame.broken = true;
        continue;
      }
      if (attribute.value.length > this.limits.maxValueLength) {
        this.problem(attribute.line, `${rule.name} is too long.`);
        frame.broken = true;
        continue;
      }
      const value = processed(rule.type, attribute.value);
      const problem = rule.type.problem(value);
      if (problem !== null) {
        this.problem(attribute.line, `${rule.name} ${quoted(value)} ${problem}.`);
        frame.broken = true;
      } else {
        frame.values[rule.key] = rule.type.read(value);
      }
    }
    for (const rule of rules) {
      if (rule.required && !event.attributes.some((a) => a.local === rule.name && !a.namespace)) {
        this.problem(event.line, `<${event.name}> lacks the required attribute ${rule.name}.`);
        frame.broken = true;
      }
    }
  }

  private text(text: string) {
    const frame = this.stack.at(-1);
    if (!frame || frame.type === null) return;
    if (!isComplex(frame.type) || frame.type.text) {
      if (frame.text.length + text.length > this.limits.maxValueLength) {
        if (!frame.textReported) this.problem(frame.line, `<${frame.name}> is too long.`);
        frame.textReported = true;
        frame.broken = true;
      } else {
        frame.text += text;
      }
      return;
    }
    if (!WHITESPACE.test(text) && !frame.textReported) {
      this.problem(frame.line, `<${frame.name}> holds elements only, not text.`);
      frame.textReported = true;
      frame.broken = true;
    }
  }

  private end(line: number) {
    const frame = this.stack.pop();
    const parent = this.stack.at(-1);
    if (!frame || frame.type === null) return;
    let value: unknown;
    if (!isComplex(frame.type)) {
      value = this.value(frame, frame.type, frame.text);
    } else {
      if (frame.type.text) {
        frame.values[frame.type.text.key] = this.value(frame, frame.type.text.type, frame.text);
      }
      this.finish(frame, frame.type, line);
      value = frame.values;
    }
    if (!parent) return;
    if (frame.broken) {
      parent.broken = true;
      return;
    }
    const particle = frame.particle;
    if (!particle) return;
    if (particle.content === OBJECT) {
      // built element by element from the OBJECT table, every value checked by its type
      this.out.push({ kind: 'object', object: value as EmsObject, line: frame.line });
    } else if (particle.many) {
      const list = parent.values[particle.key];
      if (Array.isArray(list)) list.push(value);
    } else {
      parent.values[particle.key] = value;
    }
  }

  private value(frame: Frame, type: SimpleType, text: string): unknown {
    const value = processed(type, text);
    const problem = type.problem(value);
    if (problem === null) return type.read(value);
    if (!frame.textReported)
      this.problem(frame.line, `<${frame.name}> ${quoted(value)} ${problem}.`);
    frame.broken = true;
    return undefined;
  }

  /** The required elements a closing element never had. */
  private finish(frame: Frame, type: ComplexType, line: number) {
    for (const passed of frame.passed) {
      this.problem(
        passed.line,
        `<${frame.name}> lacks <${passed.particle.element}>, which must come before <${passed.before}>.`,
      );
      frame.broken = true;
    }
    type.children.forEach((particle, index) => {
      if (index < frame.position) return;
      const seen = index === frame.position ? frame.count : 0;
      if (seen < particle.min) {
        this.problem(
          line,
          `<${frame.name}> (from line ${frame.line}) lacks <${particle.element}>.`,
        );
        frame.broken = true;
      }
    });
  }
}

const quoted = (value: string): string =>
  JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
