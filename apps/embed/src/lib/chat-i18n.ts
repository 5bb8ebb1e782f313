/**
 * The chat view's words in the 13 app languages, as in i18n.ts (one `|`-separated line per
 * language, in the order of CHAT_KEYS), but in the chat's own chunk: the frame and a guest who
 * never opens the chat do not load them. `{name}` is the business's name.
 */
const CHAT_KEYS = [
  'write',
  'send',
  'sending',
  'notSent',
  'ratelimited',
  'seen',
  'typing',
  'deleted',
  'edited',
  'place',
  'file',
  'meeting',
  'earlier',
  'empty',
  'unavailable',
  'you',
] as const;
export type ChatTextKey = (typeof CHAT_KEYS)[number];
export const CHAT_KEY_LIST: readonly ChatTextKey[] = CHAT_KEYS;

export const CHAT_DICTIONARY: Record<string, string> = {
  en: 'Your message|Send|Sending…|Not sent|Too many messages. Please wait a moment.|Seen|{name} is typing…|Message deleted|edited|Place|File|Video call|Show earlier messages|Write to us here. The reply will appear in this chat.|Messages are not available here.|You',
  de: 'Deine Nachricht|Senden|Wird gesendet…|Nicht gesendet|Zu viele Nachrichten. Bitte warte einen Moment.|Gesehen|{name} schreibt…|Nachricht gelöscht|bearbeitet|Ort|Datei|Videoanruf|Frühere Nachrichten anzeigen|Schreib uns hier. Die Antwort erscheint in diesem Chat.|Nachrichten sind hier nicht verfügbar.|Du',
  es: 'Tu mensaje|Enviar|Enviando…|No enviado|Demasiados mensajes. Espera un momento.|Visto|{name} está escribiendo…|Mensaje eliminado|editado|Lugar|Archivo|Videollamada|Ver mensajes anteriores|Escríbenos aquí. La respuesta aparecerá en este chat.|Los mensajes no están disponibles aquí.|Tú',
  fr: "Votre message|Envoyer|Envoi…|Non envoyé|Trop de messages. Veuillez patienter un instant.|Vu|{name} est en train d'écrire…|Message supprimé|modifié|Lieu|Fichier|Appel vidéo|Afficher les messages précédents|Écrivez-nous ici. La réponse s'affichera dans cette conversation.|La messagerie n'est pas disponible ici.|Vous",
  hr: 'Tvoja poruka|Pošalji|Šalje se…|Nije poslano|Previše poruka. Pričekaj trenutak.|Viđeno|{name} piše…|Poruka je izbrisana|uređeno|Mjesto|Datoteka|Videopoziv|Prikaži ranije poruke|Piši nam ovdje. Odgovor će se pojaviti u ovom razgovoru.|Poruke ovdje nisu dostupne.|Ti',
  hu: 'Üzeneted|Küldés|Küldés folyamatban…|Nem sikerült elküldeni|Túl sok üzenet. Várj egy kicsit.|Látta|{name} éppen ír…|Az üzenet törölve|szerkesztve|Hely|Fájl|Videohívás|Korábbi üzenetek megjelenítése|Írj nekünk itt. A válasz ebben a beszélgetésben jelenik meg.|Az üzenetküldés itt nem érhető el.|Te',
  it: 'Il tuo messaggio|Invia|Invio in corso…|Non inviato|Troppi messaggi. Attendi un momento.|Visualizzato|{name} sta scrivendo…|Messaggio eliminato|modificato|Luogo|File|Videochiamata|Mostra messaggi precedenti|Scrivici qui. La risposta apparirà in questa chat.|I messaggi non sono disponibili qui.|Tu',
  pl: 'Twoja wiadomość|Wyślij|Wysyłanie…|Nie wysłano|Za dużo wiadomości. Poczekaj chwilę.|Wyświetlono|{name} pisze…|Wiadomość usunięta|edytowano|Miejsce|Plik|Rozmowa wideo|Pokaż wcześniejsze wiadomości|Napisz do nas tutaj. Odpowiedź pojawi się w tym czacie.|Wiadomości nie są tu dostępne.|Ty',
  pt: 'A sua mensagem|Enviar|A enviar…|Não enviada|Demasiadas mensagens. Aguarde um momento.|Vista|{name} está a escrever…|Mensagem eliminada|editada|Local|Ficheiro|Videochamada|Mostrar mensagens anteriores|Escreva-nos aqui. A resposta aparecerá nesta conversa.|As mensagens não estão disponíveis aqui.|Você',
  ru: 'Ваше сообщение|Отправить|Отправка…|Не отправлено|Слишком много сообщений. Подождите немного.|Просмотрено|{name} печатает…|Сообщение удалено|изменено|Место|Файл|Видеозвонок|Показать предыдущие сообщения|Напишите нам здесь. Ответ появится в этом чате.|Сообщения здесь недоступны.|Вы',
  tr: 'Mesajın|Gönder|Gönderiliyor…|Gönderilemedi|Çok fazla mesaj. Lütfen biraz bekle.|Görüldü|{name} yazıyor…|Mesaj silindi|düzenlendi|Yer|Dosya|Görüntülü görüşme|Önceki mesajları göster|Bize buradan yaz. Yanıt bu sohbette görünecek.|Mesajlaşma burada kullanılamıyor.|Sen',
  nl: 'Je bericht|Versturen|Wordt verstuurd…|Niet verstuurd|Te veel berichten. Wacht even.|Gezien|{name} is aan het typen…|Bericht verwijderd|bewerkt|Plek|Bestand|Videogesprek|Eerdere berichten tonen|Stuur ons hier een bericht. Het antwoord verschijnt in deze chat.|Berichten zijn hier niet beschikbaar.|Jij',
  da: 'Din besked|Send|Sender…|Ikke sendt|For mange beskeder. Vent et øjeblik.|Set|{name} skriver…|Beskeden er slettet|redigeret|Sted|Fil|Videoopkald|Vis tidligere beskeder|Skriv til os her. Svaret vises i denne chat.|Beskeder er ikke tilgængelige her.|Du',
};

export type ChatTranslate = (key: ChatTextKey, name?: string) => string;

/** The chat's words for an app language (English for one the app does not speak). */
export function chatTranslator(lang: string): ChatTranslate {
  const words = (CHAT_DICTIONARY[lang] ?? CHAT_DICTIONARY.en).split('|');
  return (key, name = '') => words[CHAT_KEYS.indexOf(key)].replace('{name}', name);
}
