import { beforeEach, describe, expect, it } from 'vitest';
import { stubLocalStorage } from '../../testing/browser-stubs.ts';
import { forgetPositions, resumePoint, savePosition, savedPosition } from './resume.ts';

describe('resume rules', () => {
  it('resumes where the viewer stopped', () => {
    expect(resumePoint(192, 600)).toBe(192);
    expect(resumePoint(5, 600)).toBe(5);
  });

  it('starts from the beginning within the first seconds', () => {
    expect(resumePoint(0, 600)).toBeNull();
    expect(resumePoint(4.9, 600)).toBeNull();
  });

  it('starts from the beginning in the last 5 %, where the video is as good as watched', () => {
    expect(resumePoint(569.9, 600)).toBe(569.9);
    expect(resumePoint(570, 600)).toBeNull();
    expect(resumePoint(599, 600)).toBeNull();
    expect(resumePoint(700, 600)).toBeNull(); // a position past a shortened video
  });

  it('starts from the beginning with nothing saved or no duration known yet', () => {
    expect(resumePoint(null, 600)).toBeNull();
    expect(resumePoint(undefined, 600)).toBeNull();
    expect(resumePoint(100, NaN)).toBeNull();
    expect(resumePoint(100, Infinity)).toBeNull(); // a live stream
    expect(resumePoint(NaN, 600)).toBeNull();
  });

  it('never resumes a video shorter than the first seconds plus its end', () => {
    expect(resumePoint(5, 5.2)).toBeNull();
  });
});

describe('positions saved on this device', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = stubLocalStorage();
  });

  it('keeps a position per video and forgets it on request', () => {
    savePosition('video:a', 192.345);
    savePosition('clip:b', 12);
    expect(savedPosition('video:a')).toBe(192.3);
    expect(savedPosition('clip:b')).toBe(12);
    savePosition('video:a', null);
    expect(savedPosition('video:a')).toBeNull();
    expect(savedPosition('clip:b')).toBe(12);
  });

  it('forgets them all when the viewer clears their history', () => {
    savePosition('video:a', 30);
    savePosition('clip:b', 12);
    forgetPositions();
    expect(savedPosition('video:a')).toBeNull();
    expect(savedPosition('clip:b')).toBeNull();
    expect(storage.getItem('tarang.resume')).toBeNull();
  });

  it('keeps only the most recent 50, so the storage never grows without end', () => {
    for (let i = 0; i < 60; i++) savePosition(`video:${i}`, 100 + i);
    expect(Object.keys(JSON.parse(storage.getItem('tarang.resume')!) as object)).toHaveLength(50);
    expect(savedPosition('video:59')).toBe(159);
  });

  it('survives what another script left in its place', () => {
    storage.setItem('tarang.resume', 'not json');
    expect(savedPosition('video:a')).toBeNull();
    savePosition('video:a', 30);
    expect(savedPosition('video:a')).toBe(30);
  });
});
