import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import type { XmlNode } from './xml.ts';

// Parsing and building OOXML parts, apart from xml.ts's tree helpers: package.ts imports this module
// on the first Office file, so a server that never reads one does not hold fast-xml-parser.

const options = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: true,
  ignoreDeclaration: false,
  ignorePiTags: false,
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
} as const;

const parser = new XMLParser(options);
const builder = new XMLBuilder(options);

export function parseXml(text: string): XmlNode[] {
  return parser.parse(text) as XmlNode[];
}

export function buildXml(nodes: XmlNode[]): string {
  return builder.build(nodes) as string;
}
