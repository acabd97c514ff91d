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
    accountLocked:
      'Art arda başarısız giriş denemeleri nedeniyle hesabınız kilitlendi. Kilidi açmak için yöneticiye başvurun.',
    attemptLimit: 'Deneme sınırı aşıldı, lütfen bir süre sonra tekrar deneyin',
    redirectFailed: 'Bir hata oluştu, lütfen bir süre sonra tekrar deneyin',
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
    newPasswordHeading: 'Yeni Parola Belirleyin',
    newPasswordInstruction:
      'Bu ilk girişiniz. E-postanızdaki geçici parolayı kendi belirlediğiniz bir parolayla değiştirin.',
    sessionExpired: 'Giriş oturumunuzun süresi doldu. Lütfen tekrar giriş yapın.',
    unsupportedChallenge:
      'Bu hesap, konsolun desteklemediği bir giriş adımı istiyor. Lütfen yöneticiye başvurun.',
  },
  otp: {
    heading: 'OTP Doğrulama',
    instruction: 'Kimlik doğrulama uygulamanızda gösterilen 6 haneli kodu girin.',
    setupInstruction:
      'Bir kimlik doğrulama uygulaması gereklidir. Bu QR kodunu kimlik doğrulama uygulamanızla (örneğin Google Authenticator veya Microsoft Authenticator) tarayın.',
    qrAlt: 'Bu hesabı kimlik doğrulama uygulamanıza ekleyen QR kodu',
    secretInstruction: 'Kodu tarayamıyor musunuz? Bunun yerine bu anahtarı uygulamaya girin:',
    secretLabel: 'Kimlik doğrulama anahtarı',
    copy: 'Kopyala',
    copied: 'Kopyalandı',
    codeLabel: 'Doğrulama kodu',
    digitLabel: '{{position}}. hane (toplam {{count}})',
    verify: 'Doğrula',
    invalidCode: 'Geçersiz doğrulama kodu girildi. Lütfen tekrar deneyin.',
    otherError: 'Bir hata oluştu, lütfen tekrar deneyin.',
  },
  recovery: {
    forgotPasswordHeading: 'Parolamı Unuttum',
    forgotPasswordDescription:
      'Kayıtlı e-posta adresinizi girin; yeni bir parola belirlemeniz için size bir doğrulama kodu gönderelim.',
    sendCode: 'Kod Gönder',
    resetPasswordHeading: 'Parolayı Sıfırla',
    resetPasswordDescription:
      'E-postayla aldığınız doğrulama kodunu girin ve yeni bir parola seçin.',
    codeSent: '{{email}} için bir hesap varsa, bu adrese bir doğrulama kodu gönderildi.',
    code: 'Doğrulama Kodu',
    codeFormat: 'E-postadaki 6 haneli kodu girin.',
    resendCode: 'Kodu Yeniden Gönder',
    codeMismatch:
      'Geçersiz doğrulama kodu girildi. Lütfen tekrar deneyin veya yeni bir kod almak için Kodu Yeniden Gönder’e tıklayın.',
    codeExpired: 'Kod geçersiz, lütfen yeni bir kod isteyin.',
    attemptLimit: 'Deneme sınırı aşıldı, lütfen bir süre sonra tekrar deneyin',
    newPassword: 'Yeni Parola',
    confirmPassword: 'Parolayı Onayla',
    passwordRejected: 'Parola, parola politikasına uymuyor.',
    rulesTitle: 'Parolanız şunları içermelidir:',
    ruleLength: '8 ile 64 arası karakter',
    ruleUppercase: 'Bir büyük harf',
    ruleLowercase: 'Bir küçük harf',
    ruleDigit: 'Bir rakam',
    ruleNoSpaces: 'Boşluk olmamalı',
    strength: 'Güç',
    strong: 'Güçlü',
    weak: 'Zayıf',
    submit: 'Gönder',
    forgotPasswordSuccessHeading: 'Parola Değiştirildi',
    forgotPasswordSuccessDescription:
      'Parolanız sıfırlandı. Artık yeni parolanızla giriş yapabilirsiniz.',
    forgotTotpHeading: 'Kimlik doğrulama uygulamasına erişemiyor musunuz?',
    forgotTotpDescription:
      'Kayıtlı e-posta adresinizi girin; kimlik doğrulama uygulamanızı kaldırmanız için size bir bağlantı gönderelim.',
    sendLink: 'Bağlantı Gönder',
    linkSent:
      'Bu e-posta için bir hesap varsa, bu adrese bir bağlantı gönderildi. Bağlantı 15 dakika içinde bir kez kullanılabilir.',
    removeTotpHeading: 'Kimlik Doğrulama Uygulamasını Kaldır',
    removeTotpDescription:
      'Kimlik doğrulama uygulaması hesabınızdan kaldırılsın mı? Her yerde oturumunuz kapatılır; parolanız değişmez.',
    removeTotp: 'Kimlik Doğrulama Uygulamasını Kaldır',
    totpRemoved:
      'Kimlik doğrulama uygulamanız kaldırıldı. Bir sonraki girişinizde parolanızı girin ve ardından yeni bir kimlik doğrulama uygulaması kurun.',
    invalidLink:
      'Bu bağlantı geçerli değil: süresi dolmuş ya da daha önce kullanılmış. Lütfen yeni bir bağlantı isteyin.',
    requestNewLink: 'Yeni bağlantı iste',
    tooManyRequests: 'Çok fazla istek. Lütfen birkaç dakika sonra tekrar deneyin.',
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
  session: {
    timeOutHeading: 'Oturum Zaman Aşımına Uğradı',
    timeOutDescription: 'Oturumunuz kapatıldı. Devam etmek için lütfen yeniden giriş yapın.',
    idle: 'Hareketsizlik nedeniyle oturumunuz kapatıldı.',
    invalid:
      'Oturumunuz artık geçerli değil: hesabınız devre dışı bırakılmış ya da silinmiş veya parolanız sıfırlanmış olabilir. Lütfen yeniden giriş yapın.',
    mfaRequired:
      'Kimlik doğrulama uygulamanızın yeniden kurulması gerekiyor. Kurmak için lütfen giriş yapın.',
    logoutFailed:
      'Bu tarayıcıda oturumunuz kapatıldı, ancak oturumunuzu her yerde sonlandırmak için sunucuya ulaşılamadı.',
    elsewhere: 'Başka bir sekmede veya pencerede oturumunuz kapatıldı.',
  },
  idle: {
    title: 'Oturum Zaman Aşımı Uyarısı',
    body: 'Hareketsizlik nedeniyle {{time}} içinde oturumunuz kapatılacak.',
    stay: 'Oturumu açık tut',
    logoutNow: 'Şimdi çıkış yap',
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
