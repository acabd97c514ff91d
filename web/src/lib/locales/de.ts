import type { Translation } from './en';

/** German (SPEC §1: sample text, not product behaviour). */
export const de: Translation = {
  common: {
    loading: 'Wird geladen. Bitte warten...',
    ok: 'Ok',
    cancel: 'Abbrechen',
    info: 'Info',
    close: 'Schließen',
  },
  language: {
    label: 'Sprache',
    en: 'English',
    de: 'Deutsch',
    tr: 'Türkçe',
  },
  configError: {
    title: 'Die Konsole konnte nicht gestartet werden',
    body: 'Ihre Konfiguration konnte nicht geladen werden. Bitte laden Sie die Seite gleich neu; besteht das Problem weiter, wenden Sie sich an Ihre Administration.',
    details: 'Details zum Fehler',
    reload: 'Neu laden',
  },
  validation: {
    emailFormat: 'Die angegebene E-Mail-Adresse hat nicht das richtige Format',
    emailDisallowedChars:
      'Backslash, Apostroph, doppelte Anführungszeichen und Leerzeichen sind in der E-Mail-Adresse nicht erlaubt',
    identifierChars: 'Nur folgende Zeichen sind erlaubt: A-Za-z0-9_@.-',
    freeTextChars:
      'Nur folgende Zeichen sind erlaubt: A-Za-z0-9_@.,!*=/:|{}[]~-+&;?%#\'()" und Leerzeichen.',
    numberChars: 'Nur die Ziffern 0-9 sind erlaubt.',
    passwordsDoNotMatch: 'Die eingegebenen Passwörter stimmen nicht überein',
    newPasswordSameAsCurrent: 'Das neue Passwort darf nicht mit dem aktuellen übereinstimmen',
  },
  errors: {
    loginFailed:
      'Ihre Anmeldung ist fehlgeschlagen. Benutzername oder Passwort sind möglicherweise falsch, oder Ihr Passwort ist abgelaufen.',
    userDisabled: 'Der Benutzer ist deaktiviert',
    generic: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut',
    accountLocked:
      'Ihr Konto wurde nach mehreren fehlgeschlagenen Anmeldeversuchen gesperrt. Wenden Sie sich an den Administrator, um es entsperren zu lassen.',
    attemptLimit: 'Zu viele Versuche. Bitte versuchen Sie es später erneut',
    redirectFailed: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es später noch einmal',
  },
  login: {
    heading: 'Anmelden',
    message: 'Standort- und Sponsorsysteme nahtlos verbinden für eine bessere Zusammenarbeit',
    instruction: 'Bitte geben Sie Ihre registrierte E-Mail-Adresse und Ihr Passwort ein',
    email: 'E-Mail',
    password: 'Passwort',
    showPassword: 'Passwort anzeigen',
    hidePassword: 'Passwort verbergen',
    forgotPassword: 'Passwort vergessen?',
    cantAccessAuthenticator: 'Kein Zugriff auf die Authenticator-App?',
    submit: 'Anmelden',
    noteFirstLogin:
      'Für die erste Anmeldung benötigen Sie das Passwort, das Sie per E-Mail erhalten haben',
    notePasswordExpired:
      'Ist Ihr Passwort abgelaufen, setzen Sie es über „Passwort vergessen“ zurück.',
    newPasswordHeading: 'Neues Passwort festlegen',
    newPasswordInstruction:
      'Dies ist Ihre erste Anmeldung. Ersetzen Sie das temporäre Passwort aus Ihrer E-Mail durch ein eigenes Passwort.',
    sessionExpired: 'Ihre Anmeldesitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    unsupportedChallenge:
      'Für dieses Konto wird ein Anmeldeschritt verlangt, den die Konsole nicht unterstützt. Bitte wenden Sie sich an den Administrator.',
  },
  otp: {
    heading: 'OTP-Verifizierung',
    instruction: 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.',
    setupInstruction:
      'Eine Authenticator-App ist erforderlich. Scannen Sie diesen QR-Code mit Ihrer Authenticator-App (zum Beispiel Google Authenticator oder Microsoft Authenticator).',
    qrAlt: 'QR-Code, der dieses Konto zu Ihrer Authenticator-App hinzufügt',
    secretInstruction:
      'Sie können den Code nicht scannen? Geben Sie stattdessen diesen Schlüssel in der App ein:',
    secretLabel: 'Authenticator-Schlüssel',
    copy: 'Kopieren',
    copied: 'Kopiert',
    codeLabel: 'Bestätigungscode',
    digitLabel: 'Ziffer {{position}} von {{count}}',
    verify: 'Bestätigen',
    invalidCode: 'Der angegebene Bestätigungscode ist ungültig. Bitte versuchen Sie es erneut.',
    otherError: 'Es ist ein Fehler aufgetreten. Bitte versuchen Sie es erneut.',
  },
  recovery: {
    forgotPasswordHeading: 'Passwort vergessen',
    forgotPasswordDescription:
      'Geben Sie Ihre registrierte E-Mail-Adresse ein. Wir senden Ihnen einen Bestätigungscode, mit dem Sie ein neues Passwort festlegen.',
    sendCode: 'Code senden',
    resetPasswordHeading: 'Passwort zurücksetzen',
    resetPasswordDescription:
      'Geben Sie den Bestätigungscode aus der E-Mail ein und wählen Sie ein neues Passwort.',
    codeSent:
      'Falls ein Konto für {{email}} existiert, wurde ein Bestätigungscode dorthin gesendet.',
    code: 'Bestätigungscode',
    codeFormat: 'Geben Sie den 6-stelligen Code aus der E-Mail ein.',
    resendCode: 'Code erneut senden',
    codeMismatch:
      'Ungültiger Bestätigungscode. Bitte versuchen Sie es erneut oder klicken Sie auf „Code erneut senden“, um einen neuen Code zu erhalten.',
    codeExpired: 'Der Code ist ungültig. Bitte fordern Sie einen neuen Code an.',
    attemptLimit: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
    newPassword: 'Neues Passwort',
    confirmPassword: 'Passwort bestätigen',
    passwordRejected: 'Das Passwort erfüllt die Passwortrichtlinie nicht.',
    rulesTitle: 'Ihr Passwort muss Folgendes enthalten:',
    ruleLength: '8 bis 64 Zeichen',
    ruleUppercase: 'Einen Großbuchstaben',
    ruleLowercase: 'Einen Kleinbuchstaben',
    ruleDigit: 'Eine Ziffer',
    ruleNoSpaces: 'Keine Leerzeichen',
    strength: 'Stärke',
    strong: 'Stark',
    weak: 'Schwach',
    submit: 'Absenden',
    forgotPasswordSuccessHeading: 'Passwort geändert',
    forgotPasswordSuccessDescription:
      'Ihr Passwort wurde zurückgesetzt. Sie können sich jetzt mit dem neuen Passwort anmelden.',
    forgotTotpHeading: 'Kein Zugriff auf die Authenticator-App?',
    forgotTotpDescription:
      'Geben Sie Ihre registrierte E-Mail-Adresse ein. Wir senden Ihnen einen Link, mit dem Sie Ihre Authenticator-App entfernen.',
    sendLink: 'Link senden',
    linkSent:
      'Falls ein Konto für diese E-Mail-Adresse existiert, wurde ein Link dorthin gesendet. Er ist einmal und 15 Minuten lang gültig.',
    removeTotpHeading: 'Authenticator-App entfernen',
    removeTotpDescription:
      'Die Authenticator-App von Ihrem Konto entfernen? Sie werden überall abgemeldet; Ihr Passwort bleibt unverändert.',
    removeTotp: 'Authenticator-App entfernen',
    totpRemoved:
      'Ihre Authenticator-App wurde entfernt. Geben Sie bei der nächsten Anmeldung Ihr Passwort ein und richten Sie dann eine neue Authenticator-App ein.',
    invalidLink:
      'Dieser Link ist ungültig: Er ist abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.',
    requestNewLink: 'Neuen Link anfordern',
    tooManyRequests: 'Zu viele Anfragen. Bitte versuchen Sie es in einigen Minuten erneut.',
    backToLogin: 'Zurück zur Anmeldung',
  },
  layout: {
    openMenu: 'Menü öffnen',
    menu: 'Menü',
    loggedInAs: 'Angemeldet als',
    notAvailable: 'k. A.',
    account: 'Konto',
    logout: 'Abmelden',
    emailHelpdesk: 'E-Mail an den Helpdesk',
    copyright: '2024 {{product}} Alle Rechte vorbehalten',
  },
  logout: {
    title: 'Abmeldung bestätigen',
    body: 'Von {{product}} abmelden?',
    confirm: 'Ja, abmelden',
  },
  session: {
    timeOutHeading: 'Sitzung abgelaufen',
    timeOutDescription: 'Sie wurden abgemeldet. Bitte melden Sie sich erneut an, um fortzufahren.',
    idle: 'Sie wurden wegen Inaktivität abgemeldet.',
    invalid:
      'Ihre Sitzung ist nicht mehr gültig: Ihr Konto wurde möglicherweise deaktiviert oder gelöscht oder Ihr Passwort zurückgesetzt. Bitte melden Sie sich erneut an.',
    mfaRequired:
      'Ihre Authenticator-App muss neu eingerichtet werden. Bitte melden Sie sich an, um sie einzurichten.',
    logoutFailed:
      'Sie wurden in diesem Browser abgemeldet, aber der Server war nicht erreichbar, um Ihre Sitzung überall zu beenden.',
    elsewhere: 'Sie wurden in einem anderen Tab oder Fenster abgemeldet.',
  },
  idle: {
    title: 'Warnung: Sitzung läuft ab',
    body: 'Sie werden wegen Inaktivität in {{time}} abgemeldet.',
    stay: 'Angemeldet bleiben',
    logoutNow: 'Jetzt abmelden',
  },
  csvExport: {
    button: 'Als CSV exportieren',
    working: 'CSV-Datei wird erstellt…',
    done: 'Die CSV-Datei mit {{rows}} Zeilen ist bereit. Falls der Download nicht begonnen hat, nutzen Sie diesen Link (5 Minuten gültig):',
    link: '{{fileName}} herunterladen',
    failed: 'Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
  },
  audit: {
    heading: 'Prüfprotokoll',
    description:
      'Wer hat was mit wem gemacht, von wo aus und mit welchem Ergebnis – die neuesten Einträge zuerst. Das Protokoll wird nur ergänzt und ist durch Hashwerte verkettet: Prüfen Sie die Kette, um zu sehen, dass kein Eintrag geändert, entfernt oder eingeschoben wurde.',
    tableCaption: 'Einträge des Prüfprotokolls, die neuesten zuerst',
    filter: {
      title: 'Prüfprotokoll filtern',
      actor: 'Akteur',
      actorPlaceholder: 'Anfang einer E-Mail-Adresse oder eine Benutzer-ID',
      target: 'Ziel',
      targetPlaceholder: 'Anfang einer Ziel-ID oder E-Mail-Adresse',
      action: 'Aktion',
      actionPlaceholder: 'z. B. user.disabled oder user.',
      outcome: 'Ergebnis',
      anyOutcome: 'Jedes Ergebnis',
      from: 'Von (Tag)',
      to: 'Bis (Tag)',
      utcNote:
        'Tage und Uhrzeiten sind in UTC angegeben, so wie der Server sie aufzeichnet. „Bis“ schließt den ganzen Tag ein.',
      apply: 'Filter anwenden',
      clear: 'Filter zurücksetzen',
    },
    invalidChars: 'Nur folgende Zeichen sind erlaubt: A-Za-z0-9_@.+-',
    invalidAction: 'Nur Kleinbuchstaben, Ziffern und . _ - sind erlaubt.',
    invalidRange: '„Bis“ darf nicht vor „Von“ liegen.',
    column: {
      time: 'Zeit',
      actor: 'Akteur',
      action: 'Aktion',
      target: 'Ziel',
      outcome: 'Ergebnis',
      sourceIp: 'Quell-IP',
      details: 'Einzelheiten',
    },
    outcome: {
      success: 'Erfolg',
      failure: 'Fehlschlag',
    },
    system: 'System (automatisch)',
    showDetails: 'Einzelheiten anzeigen',
    hideDetails: 'Einzelheiten ausblenden',
    recordNumber: 'zu Eintrag {{seq}}',
    details: {
      changes: 'Geänderte Werte',
      noChanges: 'Es wurden keine Werte geändert.',
      field: 'Feld',
      before: 'Vorher',
      after: 'Nachher',
      reason: 'Grund',
      requestId: 'Anfrage-ID',
      userAgent: 'Browser (User-Agent)',
      organisation: 'Organisations-ID',
      sequence: 'Eintragsnummer',
      hash: 'Hashwert',
    },
    empty: 'Keine Einträge entsprechen diesen Filtern.',
    noneYet:
      'Unter den bisher durchsuchten Einträgen passt keiner. Mit „Weiter“ durchsuchen Sie ältere Einträge.',
    loadFailed: 'Das Prüfprotokoll konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
    invalidQuery:
      'Die Filter wurden nicht angenommen. Bitte prüfen Sie sie und versuchen Sie es erneut.',
    forbidden: 'Ihre Rolle darf das Prüfprotokoll nicht einsehen.',
    retry: 'Erneut versuchen',
    paging: 'Seiten des Prüfprotokolls',
    previous: 'Zurück',
    next: 'Weiter',
    page: 'Seite {{page}}',
    verify: {
      button: 'Kette prüfen',
      checking: 'Wird geprüft…',
      intact: 'Die Kette ist unversehrt: {{records}} Einträge geprüft.',
      broken: 'Die Kette ist bei Eintrag {{seq}} unterbrochen.',
      checkedAt: 'geprüft am {{time}}',
      forbidden: 'Nur PlatformAdmins und Auditoren können die Kette prüfen.',
      failed: 'Die Kette konnte nicht geprüft werden. Bitte versuchen Sie es erneut.',
    },
  },
  nav: {
    home: 'Startseite',
    standards: 'Artefakt-Mapping-Standards',
    credentials: 'API-Zugangsdaten erzeugen',
    users: 'Benutzerverwaltung',
    audit: 'Prüfprotokoll',
  },
  notFound: {
    heading: 'Seite nicht gefunden',
    description: 'Die gesuchte Seite existiert nicht oder wurde verschoben.',
    toLogin: 'Zur Anmeldung',
    toDashboard: 'Zur Startseite',
  },
  dashboard: {
    heading: 'Übersicht',
    description: 'Ihr Ausgangspunkt für die Verwaltung von {{product}}.',
  },
  standards: {
    listHeading: 'Artefakt-Mapping-Standards',
    listDescription:
      'Die Mapping-Standards, die Artefakte zwischen Standort- und Sponsorsystemen übersetzen.',
    createHeading: 'Neuen Standard anlegen',
    createDescription: 'Legen Sie einen Mapping-Standard aus seinem Mapping-Dokument an.',
    viewEditHeading: 'Standard ansehen und bearbeiten',
    viewEditDescription:
      'Sehen Sie einen Mapping-Standard an und ändern Sie seine Angaben oder sein Dokument.',
  },
  credentials: {
    generateHeading: 'API-Zugangsdaten erzeugen',
    generateDescription:
      'Erzeugen Sie Zugangsdaten, mit denen ein Organisationssystem die API aufrufen kann, und senden Sie sie an den Empfänger.',
    retrieveHeading: 'API-Zugangsdaten',
    retrieveDescription: 'Rufen Sie die API-Zugangsdaten ab, die für Sie erzeugt wurden.',
    successHeading: 'API-Zugangsdaten abgerufen',
    successDescription: 'Ihre API-Zugangsdaten wurden abgerufen. Bewahren Sie sie sicher auf.',
  },
  users: {
    listHeading: 'Benutzerverwaltung',
    listDescription:
      'Die Administratoren von {{product}}: Benutzer suchen, aktivieren, deaktivieren und löschen.',
    createHeading: 'Benutzer anlegen',
    createDescription:
      'Laden Sie eine neue Administratorin oder einen neuen Administrator ein; ein vorläufiges Passwort wird per E-Mail gesendet.',
    editHeading: 'Benutzer bearbeiten',
    editDescription: 'Ändern Sie die Angaben und die Rolle eines Benutzers.',
  },
};
