import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: '이메일 주소를 확인해 주세요',
    intro: '이 주소가 본인의 것인지 확인하려면 다음 링크를 열어 주세요:',
    outro:
      '이 링크는 {{hours}}시간 동안 한 번만 사용할 수 있습니다. 계정을 만든 적이 없다면 이 메일을 무시하셔도 됩니다.',
  },
  changeEmail: {
    subject: '새 이메일 주소를 확인해 주세요',
    intro: '누군가 자신의 Tarang 계정에 이 주소를 사용하겠다고 요청했습니다. 확인하려면 다음 링크를 열어 주세요:',
    outro:
      '이 링크는 {{hours}}시간 동안 한 번만 사용할 수 있습니다. 그때까지 계정에는 기존 주소가 유지됩니다. 본인이 요청하지 않았다면 이 메일을 무시하셔도 됩니다.',
  },
  emailChanged: {
    subject: '이메일 주소가 변경되었습니다',
    intro: 'Tarang 계정의 이메일 주소가 {{email}}(으)로 변경되었습니다. 이제 계정 관련 메일은 이 주소로 발송됩니다.',
    outro: '본인이 변경하지 않았다면 즉시 비밀번호를 재설정하고 지원 티켓을 만들어 주세요.',
  },
  resetPassword: {
    subject: '비밀번호를 재설정하세요',
    intro: '새 비밀번호를 정하려면 다음 링크를 열어 주세요:',
    outro:
      '이 링크는 {{minutes}}분 동안 한 번만 사용할 수 있으며, 사용하면 다른 모든 곳에서 로그아웃됩니다. 요청하지 않았다면 이 메일을 무시하셔도 됩니다. 비밀번호는 그대로 유지됩니다.',
  },
  passwordChanged: {
    subject: '비밀번호가 변경되었습니다',
    intro: 'Tarang 계정의 비밀번호가 방금 변경되었으며, 다른 모든 세션에서 로그아웃되었습니다.',
    outro: '본인이 변경하지 않았다면 로그인 페이지에서 즉시 비밀번호를 재설정해 주세요.',
  },
} satisfies MailTexts;
