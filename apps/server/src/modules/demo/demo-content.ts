import type { TestPattern } from '@app/media';
import type { VideoCategory } from '@app/shared';

export interface DemoVideo {
  creator: number;
  title: string;
  description: string;
  category: VideoCategory;
  tags: string[];
  pattern: TestPattern;
  tone: number;
}

export const DEMO_CREATORS = [
  { username: 'asha_creates', email: 'asha@demo.tarang.invalid' },
  { username: 'ravi_tech', email: 'ravi@demo.tarang.invalid' },
  { username: 'meera_music', email: 'meera@demo.tarang.invalid' },
];

/** Short test-pattern videos so a fresh install has something to watch (all generated locally by ffmpeg). */
export const DEMO_VIDEOS: DemoVideo[] = [
  {
    creator: 0,
    title: 'Colour bars: calibrate your screen',
    description: 'Broadcast colour bars with a steady tone. Use them to check colour and sound on a new display.',
    category: 'Tutorial',
    tags: ['calibration', 'colour'],
    pattern: 'smptehdbars',
    tone: 1000,
  },
  {
    creator: 1,
    title: 'Inside the Mandelbrot set',
    description: 'A slow zoom into the most famous fractal, rendered live by ffmpeg. Mathematics you can watch.',
    category: 'Education',
    tags: ['maths', 'fractal'],
    pattern: 'mandelbrot',
    tone: 330,
  },
  {
    creator: 1,
    title: 'Conway’s Game of Life in motion',
    description: 'Cells are born and die by four simple rules. A classic of computer science, running in real time.',
    category: 'Technology',
    tags: ['simulation', 'computing'],
    pattern: 'life',
    tone: 220,
  },
  {
    creator: 2,
    title: 'A 440 Hz tuning tone',
    description: 'Concert A for tuning your instrument, with a moving test pattern to keep you company.',
    category: 'Music',
    tags: ['tuning', 'tone'],
    pattern: 'testsrc2',
    tone: 440,
  },
  {
    creator: 0,
    title: 'Cellular automaton patterns',
    description: 'Rule-based patterns unfolding line by line: simple rules, surprising art.',
    category: 'Art',
    tags: ['generative', 'patterns'],
    pattern: 'cellauto',
    tone: 523,
  },
  {
    creator: 2,
    title: 'RGB test card',
    description: 'Red, green and blue ramps for checking a video pipeline end to end.',
    category: 'News',
    tags: ['test card'],
    pattern: 'rgbtestsrc',
    tone: 660,
  },
];
