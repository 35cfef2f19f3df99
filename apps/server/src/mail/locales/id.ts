import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Konfirmasi alamat email Anda',
    intro: 'Silakan buka tautan ini untuk mengonfirmasi bahwa alamat ini milik Anda:',
    outro:
      'Tautan ini hanya dapat digunakan sekali, selama {{hours}} jam. Jika Anda tidak membuat akun, abaikan email ini.',
  },
  changeEmail: {
    subject: 'Konfirmasi alamat email baru Anda',
    intro:
      'Seseorang meminta untuk menggunakan alamat ini bagi akun Tarang miliknya. Untuk mengonfirmasinya, buka tautan ini:',
    outro:
      'Tautan ini hanya dapat digunakan sekali, selama {{hours}} jam. Sampai saat itu, akun tetap memakai alamat lamanya. Jika ini bukan Anda, abaikan email ini.',
  },
  emailChanged: {
    subject: 'Alamat email Anda telah diubah',
    intro:
      'Alamat email akun Tarang Anda telah diubah menjadi {{email}}. Email tentang akun ini kini dikirim ke alamat tersebut.',
    outro: 'Jika Anda tidak melakukannya, segera atur ulang kata sandi Anda dan buat tiket dukungan.',
  },
  resetPassword: {
    subject: 'Atur ulang kata sandi Anda',
    intro: 'Untuk memilih kata sandi baru, buka tautan ini:',
    outro:
      'Tautan ini hanya dapat digunakan sekali, selama {{minutes}} menit, dan akan mengeluarkan Anda dari semua tempat lain. Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tetap seperti sekarang.',
  },
  passwordChanged: {
    subject: 'Kata sandi Anda telah diubah',
    intro: 'Kata sandi akun Tarang Anda baru saja diubah, dan semua sesi lainnya telah dikeluarkan.',
    outro: 'Jika Anda tidak melakukannya, segera atur ulang kata sandi Anda dari halaman masuk.',
  },
} satisfies MailTexts;
