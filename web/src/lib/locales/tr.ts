import type { Translation } from './en';

/** Turkish (SPEC §1: sample text, not product behaviour). */
export const tr: Translation = {
  common: {
    loading: 'Yükleniyor. Lütfen bekleyin...',
    ok: 'Tamam',
    cancel: 'İptal',
    info: 'Bilgi',
    close: 'Kapat',
  },
  language: {
    label: 'Dil',
    en: 'English',
    de: 'Deutsch',
    tr: 'Türkçe',
  },
  configError: {
    title: 'Konsol başlatılamadı',
    body: 'Yapılandırması yüklenemedi. Lütfen birazdan sayfayı yeniden yükleyin; sorun devam ederse yöneticinize başvurun.',
    details: 'Ayrıntılar',
    reload: 'Yeniden yükle',
  },
  validation: {
    emailFormat: 'Girilen e-posta adresi doğru biçimde değil',
    emailDisallowedChars:
      'E-posta adresinde ters eğik çizgi, kesme işareti, çift tırnak ve boşluk kullanılamaz',
    identifierChars: 'Yalnızca şu karakterlere izin verilir: A-Za-z0-9_@.-',
    freeTextChars:
      'Yalnızca şu karakterlere izin verilir: A-Za-z0-9_@.,!*=/:|{}[]~-+&;?%#\'()" ve boşluk.',
    numberChars: 'Yalnızca 0-9 rakamlarına izin verilir.',
    passwordsDoNotMatch: 'Girilen parolalar eşleşmiyor',
    newPasswordSameAsCurrent: 'Yeni parola mevcut parolayla aynı olamaz',
  },
  errors: {
    loginFailed:
      'Giriş denemeniz başarısız oldu. Kullanıcı adı veya parola yanlış olabilir ya da parolanızın süresi dolmuş olabilir.',
    userDisabled: 'Kullanıcı devre dışı',
    generic: 'Bir hata oluştu. Lütfen daha sonra tekrar deneyin',
  },
  login: {
    heading: 'Giriş',
    message: 'Daha İyi İş Birliği için Merkez ve Sponsor Sistemlerini Sorunsuz Bağlayın',
    instruction: 'Lütfen kayıtlı e-posta adresinizi ve parolanızı girin',
    email: 'E-posta',
    password: 'Parola',
    showPassword: 'Parolayı göster',
    hidePassword: 'Parolayı gizle',
    forgotPassword: 'Parolanızı mı unuttunuz?',
    cantAccessAuthenticator: 'Kimlik doğrulama uygulamasına erişemiyor musunuz?',
    submit: 'Giriş Yap',
    noteFirstLogin: 'İlk girişte, kayıtlı e-postanıza gönderilen parola gereklidir',
    notePasswordExpired:
      'Parolanızın süresi dolduysa, sıfırlamak için Parolanızı mı unuttunuz? bağlantısını kullanın.',
  },
  recovery: {
    forgotPasswordHeading: 'Parolamı Unuttum',
    forgotPasswordDescription:
      'Hesabınız için yeni bir parola belirlemek üzere e-postayla doğrulama kodu isteyin.',
    forgotPasswordSuccessHeading: 'Parola Değiştirildi',
    forgotPasswordSuccessDescription:
      'Parolanız sıfırlandı. Artık yeni parolanızla giriş yapabilirsiniz.',
    forgotTotpHeading: 'Kimlik doğrulama uygulamasına erişemiyor musunuz?',
    forgotTotpDescription:
      'Bir sonraki girişinizde yeni bir kimlik doğrulama uygulaması kaydetmenizi sağlayan bir e-posta bağlantısı isteyin.',
    resetPasswordHeading: 'Parolayı Sıfırla',
    resetPasswordDescription: 'Hesabınız için yeni bir parola seçin.',
    sessionTimeOutHeading: 'Oturum Zaman Aşımına Uğradı',
    sessionTimeOutDescription: 'Oturumunuz kapatıldı. Devam etmek için lütfen yeniden giriş yapın.',
    backToLogin: 'Girişe Dön',
  },
  layout: {
    openMenu: 'Menüyü aç',
    menu: 'Menü',
    loggedInAs: 'Giriş yapan',
    notAvailable: 'Yok',
    account: 'Hesap',
    logout: 'Çıkış',
    emailHelpdesk: 'Yardım Masasına E-posta',
    copyright: '2024 {{product}} tüm hakları saklıdır',
  },
  logout: {
    title: 'Çıkış Onayı',
    body: '{{product}} oturumu kapatılsın mı?',
    confirm: 'Evet, Çıkış Yap',
  },
  nav: {
    home: 'Ana Sayfa',
    standards: 'Artefakt Eşleme Standartları',
    credentials: 'API Erişim Bilgileri Oluştur',
    users: 'Kullanıcı Yönetimi',
  },
  notFound: {
    heading: 'Sayfa bulunamadı',
    description: 'Aradığınız sayfa mevcut değil veya taşınmış.',
    toLogin: 'Girişe git',
    toDashboard: 'Ana sayfaya git',
  },
  dashboard: {
    heading: 'Gösterge Paneli',
    description: '{{product}} yönetimi için başlangıç noktanız.',
  },
  standards: {
    listHeading: 'Artefakt Eşleme Standartları',
    listDescription:
      'Artefaktları merkez ve sponsor sistemleri arasında dönüştüren eşleme standartları.',
    createHeading: 'Yeni Standart Oluştur',
    createDescription: 'Eşleme belgesinden bir eşleme standardı oluşturun.',
    viewEditHeading: 'Standardı Görüntüle ve Düzenle',
    viewEditDescription:
      'Bir eşleme standardını görüntüleyin, bilgilerini veya belgesini değiştirin.',
  },
  credentials: {
    generateHeading: 'API Erişim Bilgileri Oluştur',
    generateDescription:
      'Bir kuruluş sisteminin API’yi çağırmasını sağlayan erişim bilgileri oluşturun ve alıcısına gönderin.',
    retrieveHeading: 'API Erişim Bilgileri',
    retrieveDescription: 'Sizin için oluşturulan API erişim bilgilerini alın.',
    successHeading: 'API Erişim Bilgileri Alındı',
    successDescription: 'API erişim bilgileriniz alındı. Bunları güvenli bir yerde saklayın.',
  },
  users: {
    listHeading: 'Kullanıcı Yönetimi',
    listDescription:
      '{{product}} yöneticileri: kullanıcıları bulun, etkinleştirin, devre dışı bırakın ve silin.',
    createHeading: 'Kullanıcı Oluştur',
    createDescription: 'Yeni bir yönetici davet edin; geçici parola e-posta adresine gönderilir.',
    editHeading: 'Kullanıcıyı Düzenle',
    editDescription: 'Bir kullanıcının bilgilerini ve rolünü değiştirin.',
  },
};
