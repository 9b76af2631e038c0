import { describe, expect, it } from 'vitest';
import { readCsv, writeCsv } from './csv.ts';

/** The shared CSV reader and writer on odd input; every expected answer is written by hand. */
describe('readCsv', () => {
  it('keeps a quoted line break in its cell and numbers the next record by the file’s lines', () => {
    expect(readCsv('a,b\n"one\ntwo",2\nx,y\n')).toEqual({
      records: [
        { line: 1, cells: ['a', 'b'] },
        { line: 2, cells: ['one\ntwo', '2'] },
        { line: 4, cells: ['x', 'y'] },
      ],
      unclosedQuoteAt: null,
    });
  });

  it('counts a quoted CRLF as one line', () => {
    expect(readCsv('a,b\r\n"one\r\ntwo",2\r\nx,y\r\n').records.map((r) => r.line)).toEqual([1, 2, 4]);
  });

  it('drops a leading byte-order mark from the first header', () => {
    expect(readCsv('\ufeffcode,name\r\nA,B\r\n').records[0]!.cells).toEqual(['code', 'name']);
  });

  it('ends records at CRLF, LF or a lone CR alike, and skips blank lines', () => {
    expect(readCsv('a\r\nb\nc\rd\n\n\r\ne')).toEqual({
      records: [
        { line: 1, cells: ['a'] },
        { line: 2, cells: ['b'] },
        { line: 3, cells: ['c'] },
        { line: 4, cells: ['d'] },
        { line: 7, cells: ['e'] },
      ],
      unclosedQuoteAt: null,
    });
  });

  it('reads a ragged row as it is, for the caller to compare with its header', () => {
    expect(readCsv('a,b,c\n1\n1,2,3,4\n').records.map((r) => r.cells)).toEqual([
      ['a', 'b', 'c'],
      ['1'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('reads doubled quotes, a quoted delimiter, another delimiter and multi-byte text', () => {
    expect(readCsv('"O""Neil; Jr";é\nü;"x"\n', ';').records).toEqual([
      { line: 1, cells: ['O"Neil; Jr', 'é'] },
      { line: 2, cells: ['ü', 'x'] },
    ]);
  });

  it('names the line of the record whose quote is never closed', () => {
    expect(readCsv('a,b\n1,2\n\nz,"open\n4,5\n')).toEqual({ records: [], unclosedQuoteAt: 4 });
  });
});

describe('writeCsv', () => {
  it('quotes what needs it, neutralises formulas, writes nothing for null and ends lines in CRLF', () => {
    expect(
      writeCsv([
        ['id', 'name'],
        ['=1+1', 'O"Neil, Jr'],
        [-3, 'two\nlines'],
        [null, undefined],
        ['@x', '+y'],
        [true, '\tz'],
      ]),
    ).toBe(`id,name\r\n'=1+1,"O""Neil, Jr"\r\n'-3,"two\nlines"\r\n,\r\n'@x,'+y\r\ntrue,'\tz\r\n`);
  });
});
