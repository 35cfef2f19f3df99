import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Xác nhận địa chỉ email của bạn',
    intro: 'Vui lòng mở liên kết này để xác nhận địa chỉ này là của bạn:',
    outro:
      'Liên kết chỉ dùng được một lần, trong vòng {{hours}} giờ. Nếu bạn không tạo tài khoản, hãy bỏ qua email này.',
  },
  changeEmail: {
    subject: 'Xác nhận địa chỉ email mới của bạn',
    intro: 'Có người đã yêu cầu dùng địa chỉ này cho tài khoản Tarang của họ. Để xác nhận, hãy mở liên kết này:',
    outro:
      'Liên kết chỉ dùng được một lần, trong vòng {{hours}} giờ. Trước đó, tài khoản vẫn giữ địa chỉ cũ. Nếu không phải bạn, hãy bỏ qua email này.',
  },
  emailChanged: {
    subject: 'Địa chỉ email của bạn đã được thay đổi',
    intro:
      'Địa chỉ email của tài khoản Tarang của bạn đã được đổi thành {{email}}. Từ nay, email về tài khoản sẽ được gửi đến địa chỉ đó.',
    outro: 'Nếu không phải bạn thực hiện, hãy đặt lại mật khẩu ngay và tạo một phiếu hỗ trợ.',
  },
  resetPassword: {
    subject: 'Đặt lại mật khẩu của bạn',
    intro: 'Để chọn mật khẩu mới, hãy mở liên kết này:',
    outro:
      'Liên kết chỉ dùng được một lần, trong vòng {{minutes}} phút, và sẽ đăng xuất bạn khỏi mọi nơi khác. Nếu bạn không yêu cầu việc này, hãy bỏ qua email này: mật khẩu của bạn vẫn giữ nguyên.',
  },
  passwordChanged: {
    subject: 'Mật khẩu của bạn đã được thay đổi',
    intro: 'Mật khẩu tài khoản Tarang của bạn vừa được thay đổi, và mọi phiên đăng nhập khác đã bị đăng xuất.',
    outro: 'Nếu không phải bạn thực hiện, hãy đặt lại mật khẩu ngay từ trang đăng nhập.',
  },
} satisfies MailTexts;
