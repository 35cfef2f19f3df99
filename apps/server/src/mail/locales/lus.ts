import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'I email address nemnghet rawh',
    intro: 'He address hi i ta a ni tih nemnghet turin he link hi hawng rawh:',
    outro:
      'He link hi vawi khat chauh, darkar {{hours}} chhung a hman theih. Account i siam loh chuan he email hi ngaihsak suh.',
  },
  changeEmail: {
    subject: 'I email address thar nemnghet rawh',
    intro: 'Mi pakhatin an Tarang account atan he address hi hman an duh a ni. Nemnghet turin he link hi hawng rawh:',
    outro:
      'He link hi vawi khat chauh, darkar {{hours}} chhung a hman theih. Chumi hma chu account-ah hian address hlui a la awm zel ang. Nangmah i ni lo a nih chuan he email hi ngaihsak suh.',
  },
  emailChanged: {
    subject: 'I email address thlak a ni ta',
    intro:
      'I Tarang account email address chu {{email}}-ah thlak a ni ta. Account chungchang email te chu tûn aṭang chuan chutah chuan thawn a ni tawh ang.',
    outro:
      'Nangmahin i ti lo a nih chuan i password chu nghal takin siam tha leh la, ṭanpuina ticket pakhat hawng rawh.',
  },
  resetPassword: {
    subject: 'I password siam tha leh rawh',
    intro: 'Password thar thlang turin he link hi hawng rawh:',
    outro:
      'He link hi vawi khat chauh, minute {{minutes}} chhung a hman theih a, hmun dang zawng zawngah chhuah a ni ang che. I dil lo a nih chuan he email hi ngaihsak suh: i password chu a awm angin a awm reng ang.',
  },
  passwordChanged: {
    subject: 'I password thlak a ni ta',
    intro: 'I Tarang account password chu tûn tak maiah thlak a ni a, session dang zawng zawngah chhuah a ni ta.',
    outro: 'Nangmahin i ti lo a nih chuan lûtna phek aṭangin i password chu nghal takin siam tha leh rawh.',
  },
} satisfies MailTexts;
