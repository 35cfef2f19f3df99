/** AMF0, the value encoding of RTMP commands (only what publishers send and expect back). */
export type Amf0Value =
  number | boolean | string | null | undefined | Date | Amf0Value[] | { [key: string]: Amf0Value };

const enum Marker {
  Number = 0x00,
  Boolean = 0x01,
  String = 0x02,
  Object = 0x03,
  Null = 0x05,
  Undefined = 0x06,
  EcmaArray = 0x08,
  ObjectEnd = 0x09,
  StrictArray = 0x0a,
  Date = 0x0b,
  LongString = 0x0c,
}

export class Amf0Error extends Error {}

export function decodeAmf0(buf: Buffer): Amf0Value[] {
  const values: Amf0Value[] = [];
  let pos = 0;

  const need = (n: number) => {
    if (pos + n > buf.length) throw new Amf0Error('truncated AMF0 value');
  };
  const readString = (long: boolean): string => {
    need(long ? 4 : 2);
    const len = long ? buf.readUInt32BE(pos) : buf.readUInt16BE(pos);
    pos += long ? 4 : 2;
    need(len);
    const text = buf.toString('utf8', pos, pos + len);
    pos += len;
    return text;
  };
  const readProperties = (): Record<string, Amf0Value> => {
    const obj: Record<string, Amf0Value> = {};
    for (;;) {
      const key = readString(false);
      need(1);
      if (key === '' && buf[pos] === Marker.ObjectEnd) {
        pos++;
        return obj;
      }
      obj[key] = readValue();
    }
  };
  const readValue = (): Amf0Value => {
    need(1);
    const marker = buf[pos++];
    switch (marker) {
      case Marker.Number:
        need(8);
        pos += 8;
        return buf.readDoubleBE(pos - 8);
      case Marker.Boolean:
        need(1);
        return buf[pos++] !== 0;
      case Marker.String:
        return readString(false);
      case Marker.LongString:
        return readString(true);
      case Marker.Object:
        return readProperties();
      case Marker.EcmaArray:
        need(4);
        pos += 4; // the count is advisory: the properties end with the end marker
        return readProperties();
      case Marker.StrictArray: {
        need(4);
        const count = buf.readUInt32BE(pos);
        pos += 4;
        const items: Amf0Value[] = [];
        for (let i = 0; i < count; i++) items.push(readValue());
        return items;
      }
      case Marker.Date: {
        need(10);
        const ms = buf.readDoubleBE(pos);
        pos += 10; // 8 bytes of time, 2 of (unused) time zone
        return new Date(ms);
      }
      case Marker.Null:
        return null;
      case Marker.Undefined:
        return undefined;
      default:
        throw new Amf0Error(`unsupported AMF0 marker ${marker}`);
    }
  };

  while (pos < buf.length) values.push(readValue());
  return values;
}

export function encodeAmf0(...values: Amf0Value[]): Buffer {
  const parts: Buffer[] = [];
  const str = (text: string) => {
    const body = Buffer.from(text, 'utf8');
    const head = Buffer.alloc(2);
    head.writeUInt16BE(body.length);
    parts.push(head, body);
  };
  const write = (value: Amf0Value): void => {
    if (typeof value === 'number') {
      const b = Buffer.alloc(9);
      b[0] = Marker.Number;
      b.writeDoubleBE(value, 1);
      parts.push(b);
    } else if (typeof value === 'boolean') {
      parts.push(Buffer.from([Marker.Boolean, value ? 1 : 0]));
    } else if (typeof value === 'string') {
      parts.push(Buffer.from([Marker.String]));
      str(value);
    } else if (value === null) {
      parts.push(Buffer.from([Marker.Null]));
    } else if (value === undefined) {
      parts.push(Buffer.from([Marker.Undefined]));
    } else if (value instanceof Date) {
      const b = Buffer.alloc(11);
      b[0] = Marker.Date;
      b.writeDoubleBE(value.getTime(), 1);
      parts.push(b);
    } else if (Array.isArray(value)) {
      const head = Buffer.alloc(5);
      head[0] = Marker.StrictArray;
      head.writeUInt32BE(value.length, 1);
      parts.push(head);
      value.forEach(write);
    } else {
      parts.push(Buffer.from([Marker.Object]));
      for (const [key, item] of Object.entries(value)) {
        str(key);
        write(item);
      }
      parts.push(Buffer.from([0, 0, Marker.ObjectEnd]));
    }
  };
  values.forEach(write);
  return Buffer.concat(parts);
}
