import { describe, expect, it } from 'vitest';
import { choicesWithPictures, mediaUrl } from './media';

describe('mediaUrl', () => {
  it.each<[string | null | undefined, string | null | undefined, string | null]>([
    ['https://kib.test/media/pictures', 'abcdEFGH_1.png', 'https://kib.test/media/pictures/abcdEFGH_1.png'],
    ['https://kib.test/media/pictures/', 'abcdEFGH_1.png', 'https://kib.test/media/pictures/abcdEFGH_1.png'],
    ['https://kib.test/media/videos///', 'clip-0001.mp4', 'https://kib.test/media/videos/clip-0001.mp4'],
    ['/media/videos', 'clip-0001.mp4', '/media/videos/clip-0001.mp4'],
    ['/', 'clip-0001.mp4', '/clip-0001.mp4'],
    ['https://cdn.test', 'a b/../c?.png', 'https://cdn.test/a%20b%2F..%2Fc%3F.png'],
    ['https://cdn.test', '../secret', 'https://cdn.test/..%2Fsecret'],
    ['https://cdn.test', 'javascript:alert(1)', 'https://cdn.test/javascript%3Aalert(1)'],
  ])('joins %s and %s', (base, key, expected) => {
    expect(mediaUrl(base, key)).toBe(expected);
  });

  it.each<[string | null | undefined, string | null | undefined]>([
    [null, 'abcdEFGH_1.png'],
    [undefined, 'abcdEFGH_1.png'],
    ['', 'abcdEFGH_1.png'],
    ['  ', 'abcdEFGH_1.png'],
    ['https://kib.test/media/pictures', null],
    ['https://kib.test/media/pictures', ''],
    ['https://kib.test/media/pictures', '   '],
  ])('answers null for base %j and key %j', (base, key) => {
    expect(mediaUrl(base, key)).toBeNull();
  });

  it.each([
    'https://old-bucket.example/p.png',
    'http://old-bucket.example/p.png',
    '/media/pictures/p.png',
    'data:image/png;base64,AAAA',
    'blob:https://kib.test/0f1e',
  ])('keeps the address %s as it is, with or without a base', (address) => {
    expect(mediaUrl('https://kib.test/media/pictures', address)).toBe(address);
    expect(mediaUrl(null, address)).toBe(address);
  });
});

describe('choicesWithPictures', () => {
  it('turns every choice picture key into an address and leaves choices without one alone', () => {
    const choices = [
      { id: 1, position: 0, text: '$1$', picture: 'choiceAAA1.png' },
      { id: 2, position: 1, text: '$2$', picture: null },
    ];
    expect(choicesWithPictures(choices, '/media/pictures/')).toEqual([
      { id: 1, position: 0, text: '$1$', picture: '/media/pictures/choiceAAA1.png' },
      { id: 2, position: 1, text: '$2$', picture: null },
    ]);
    expect(choicesWithPictures(choices, null).map((c) => c.picture)).toEqual([null, null]);
    expect(choices[0]?.picture).toBe('choiceAAA1.png');
  });
});
