import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'E-posta adresinizi onaylayın',
    intro: 'Bu adresin size ait olduğunu onaylamak için lütfen bu bağlantıyı açın:',
    outro:
      'Bağlantı yalnızca bir kez ve {{hours}} saat boyunca çalışır. Bir hesap oluşturmadıysanız bu e-postayı dikkate almayın.',
  },
  changeEmail: {
    subject: 'Yeni e-posta adresinizi onaylayın',
    intro: 'Birisi bu adresi kendi Tarang hesabı için kullanmak istedi. Onaylamak için bu bağlantıyı açın:',
    outro:
      'Bağlantı yalnızca bir kez ve {{hours}} saat boyunca çalışır. O zamana kadar hesap eski adresini korur. Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.',
  },
  emailChanged: {
    subject: 'E-posta adresiniz değiştirildi',
    intro:
      'Tarang hesabınızın e-posta adresi {{email}} olarak değiştirildi. Hesapla ilgili e-postalar artık bu adrese gidecek.',
    outro: 'Bunu siz yapmadıysanız hemen şifrenizi sıfırlayın ve bir destek talebi oluşturun.',
  },
  resetPassword: {
    subject: 'Şifrenizi sıfırlayın',
    intro: 'Yeni bir şifre seçmek için bu bağlantıyı açın:',
    outro:
      'Bağlantı yalnızca bir kez ve {{minutes}} dakika boyunca çalışır; ayrıca diğer tüm yerlerdeki oturumlarınızı kapatır. Bunu siz istemediyseniz bu e-postayı dikkate almayın: şifreniz olduğu gibi kalır.',
  },
  passwordChanged: {
    subject: 'Şifreniz değiştirildi',
    intro: 'Tarang hesabınızın şifresi az önce değiştirildi ve diğer tüm oturumlar kapatıldı.',
    outro: 'Bunu siz yapmadıysanız hemen giriş sayfasından şifrenizi sıfırlayın.',
  },
} satisfies MailTexts;
