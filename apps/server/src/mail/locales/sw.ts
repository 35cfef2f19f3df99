import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Thibitisha anwani yako ya barua pepe',
    intro: 'Tafadhali fungua kiungo hiki ili kuthibitisha kwamba anwani hii ni yako:',
    outro:
      'Kiungo hiki kinafanya kazi mara moja tu, kwa saa {{hours}}. Ikiwa hukufungua akaunti, puuza barua pepe hii.',
  },
  changeEmail: {
    subject: 'Thibitisha anwani yako mpya ya barua pepe',
    intro: 'Mtu ameomba kutumia anwani hii kwa akaunti yake ya Tarang. Ili kuithibitisha, fungua kiungo hiki:',
    outro:
      'Kiungo hiki kinafanya kazi mara moja tu, kwa saa {{hours}}. Hadi wakati huo, akaunti itaendelea kutumia anwani yake ya zamani. Ikiwa si wewe, puuza barua pepe hii.',
  },
  emailChanged: {
    subject: 'Anwani yako ya barua pepe imebadilishwa',
    intro:
      'Anwani ya barua pepe ya akaunti yako ya Tarang imebadilishwa kuwa {{email}}. Barua pepe kuhusu akaunti sasa zitatumwa huko.',
    outro: 'Ikiwa si wewe uliyefanya hivi, weka upya nenosiri lako mara moja na ufungue tiketi ya usaidizi.',
  },
  resetPassword: {
    subject: 'Weka upya nenosiri lako',
    intro: 'Ili kuchagua nenosiri jipya, fungua kiungo hiki:',
    outro:
      'Kiungo hiki kinafanya kazi mara moja tu, kwa dakika {{minutes}}, na kitakutoa kila mahali pengine. Ikiwa hukuomba hili, puuza barua pepe hii: nenosiri lako litabaki kama lilivyo.',
  },
  passwordChanged: {
    subject: 'Nenosiri lako limebadilishwa',
    intro:
      'Nenosiri la akaunti yako ya Tarang limebadilishwa sasa hivi, na vipindi vingine vyote vya kuingia vimefungwa.',
    outro: 'Ikiwa si wewe uliyefanya hivi, weka upya nenosiri lako mara moja kutoka ukurasa wa kuingia.',
  },
} satisfies MailTexts;
