import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: '确认你的邮箱地址',
    intro: '请打开以下链接，确认这个邮箱地址属于你：',
    outro: '该链接只能使用一次，{{hours}} 小时内有效。如果你没有注册过账号，请忽略这封邮件。',
  },
  changeEmail: {
    subject: '确认你的新邮箱地址',
    intro: '有人申请将这个邮箱地址用于其 Tarang 账号。如需确认，请打开以下链接：',
    outro:
      '该链接只能使用一次，{{hours}} 小时内有效。在此之前，账号仍使用原来的邮箱地址。如果这不是你本人的操作，请忽略这封邮件。',
  },
  emailChanged: {
    subject: '你的邮箱地址已更改',
    intro: '你的 Tarang 账号的邮箱地址已更改为 {{email}}。今后有关该账号的邮件将发送到这个地址。',
    outro: '如果这不是你本人的操作，请立即重置密码，并提交支持工单。',
  },
  resetPassword: {
    subject: '重置你的密码',
    intro: '请打开以下链接，设置新密码：',
    outro:
      '该链接只能使用一次，{{minutes}} 分钟内有效，并会让你在其他所有地方退出登录。如果你没有申请重置，请忽略这封邮件：你的密码不会改变。',
  },
  passwordChanged: {
    subject: '你的密码已更改',
    intro: '你的 Tarang 账号的密码刚刚已更改，其他所有登录会话均已退出。',
    outro: '如果这不是你本人的操作，请立即在登录页面重置密码。',
  },
} satisfies MailTexts;
