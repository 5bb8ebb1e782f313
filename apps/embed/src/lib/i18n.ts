/**
 * The frame's and guest app's own words in the 13 app languages (APP_LANGUAGES), kept compact:
 * one `|`-separated line per language in the order of KEYS (the UI words, then the place
 * categories). Content (titles, POIs) comes
 * translated from the API; language names come from Intl.DisplayNames in their own language.
 */
import { PLACE_CATEGORIES } from '@spotlist/contracts';
import { APP_LANGUAGES } from '@spotlist/contracts';

const UI_KEYS = [
  'list',
  'map',
  'back',
  'like',
  'unlike',
  'website',
  'call',
  'email',
  'language',
  'loading',
  'error',
  'retry',
  'empty',
  'contact',
  'hours',
  'save',
  'signup',
  'login',
  'likes',
  'offline',
  'chat',
  'unread',
] as const;
/** The place categories the frame names (the contracts' zod-free place-constants module). */
export const CATEGORIES = PLACE_CATEGORIES;
export type TextKey = (typeof UI_KEYS)[number] | `category.${(typeof CATEGORIES)[number]}`;
export const KEYS: readonly TextKey[] = [...UI_KEYS, ...CATEGORIES.map((c) => `category.${c}` as const)];

export const DICTIONARY: Record<string, string> = {
  en: 'List|Map|Back|Like|Remove like|Website|Call|E-mail|Language|Loading…|Could not load.|Try again|No places yet.|Contact|Opening hours|Save your likes|Sign up|Log in|Your likes|Offline: the last saved version.|Message {name}|New messages|Sight|Museum|Park|Nature|Restaurant|Café|Bar|Market|Shop|Hotel|Venue|Sport|Transport|Other',
  de: 'Liste|Karte|Zurück|Gefällt mir|Gefällt mir nicht mehr|Website|Anrufen|E-Mail|Sprache|Lädt…|Konnte nicht geladen werden.|Erneut versuchen|Noch keine Orte.|Kontakt|Öffnungszeiten|Likes speichern|Registrieren|Anmelden|Deine Likes|Offline: zuletzt gespeicherter Stand.|Nachricht an {name}|Neue Nachrichten|Sehenswürdigkeit|Museum|Park|Natur|Restaurant|Café|Bar|Markt|Geschäft|Hotel|Veranstaltungsort|Sport|Verkehr|Sonstiges',
  es: 'Lista|Mapa|Atrás|Me gusta|Quitar me gusta|Sitio web|Llamar|Correo|Idioma|Cargando…|No se pudo cargar.|Reintentar|Aún no hay lugares.|Contacto|Horario|Guarda tus me gusta|Registrarse|Iniciar sesión|Tus me gusta|Sin conexión: última versión guardada.|Escribir a {name}|Mensajes nuevos|Lugar de interés|Museo|Parque|Naturaleza|Restaurante|Cafetería|Bar|Mercado|Tienda|Hotel|Local de eventos|Deporte|Transporte|Otro',
  fr: "Liste|Carte|Retour|J'aime|Retirer j'aime|Site web|Appeler|E-mail|Langue|Chargement…|Chargement impossible.|Réessayer|Aucun lieu pour l'instant.|Contact|Horaires|Enregistrez vos j'aime|S'inscrire|Se connecter|Vos j'aime|Hors ligne : dernière version enregistrée.|Écrire à {name}|Nouveaux messages|Site touristique|Musée|Parc|Nature|Restaurant|Café|Bar|Marché|Boutique|Hôtel|Salle|Sport|Transport|Autre",
  hr: 'Popis|Karta|Natrag|Sviđa mi se|Ukloni sviđanje|Web stranica|Nazovi|E-pošta|Jezik|Učitavanje…|Učitavanje nije uspjelo.|Pokušaj ponovno|Još nema mjesta.|Kontakt|Radno vrijeme|Spremi svoja sviđanja|Registracija|Prijava|Tvoja sviđanja|Izvan mreže: zadnja spremljena verzija.|Pošalji poruku: {name}|Nove poruke|Znamenitost|Muzej|Park|Priroda|Restoran|Kafić|Bar|Tržnica|Trgovina|Hotel|Mjesto događanja|Sport|Prijevoz|Ostalo',
  hu: 'Lista|Térkép|Vissza|Tetszik|Tetszés visszavonása|Weboldal|Hívás|E-mail|Nyelv|Betöltés…|Nem sikerült betölteni.|Újra|Még nincsenek helyek.|Kapcsolat|Nyitvatartás|Mentsd a kedvenceidet|Regisztráció|Bejelentkezés|Kedvenceid|Offline: az utoljára mentett változat.|Üzenet küldése: {name}|Új üzenetek|Látnivaló|Múzeum|Park|Természet|Étterem|Kávézó|Bár|Piac|Üzlet|Szálloda|Rendezvényhelyszín|Sport|Közlekedés|Egyéb',
  it: 'Elenco|Mappa|Indietro|Mi piace|Togli mi piace|Sito web|Chiama|E-mail|Lingua|Caricamento…|Impossibile caricare.|Riprova|Ancora nessun luogo.|Contatti|Orari|Salva i tuoi mi piace|Registrati|Accedi|I tuoi mi piace|Offline: ultima versione salvata.|Scrivi a {name}|Nuovi messaggi|Attrazione|Museo|Parco|Natura|Ristorante|Caffè|Bar|Mercato|Negozio|Hotel|Locale per eventi|Sport|Trasporti|Altro',
  pl: 'Lista|Mapa|Wstecz|Lubię to|Usuń polubienie|Strona www|Zadzwoń|E-mail|Język|Ładowanie…|Nie udało się wczytać.|Spróbuj ponownie|Brak miejsc.|Kontakt|Godziny otwarcia|Zapisz polubienia|Zarejestruj się|Zaloguj się|Twoje polubienia|Offline: ostatnia zapisana wersja.|Napisz do: {name}|Nowe wiadomości|Atrakcja|Muzeum|Park|Przyroda|Restauracja|Kawiarnia|Bar|Targ|Sklep|Hotel|Miejsce wydarzeń|Sport|Transport|Inne',
  pt: 'Lista|Mapa|Voltar|Gosto|Remover gosto|Site|Ligar|E-mail|Idioma|A carregar…|Não foi possível carregar.|Tentar novamente|Ainda sem lugares.|Contacto|Horário|Guarde os seus gostos|Registar|Entrar|Os seus gostos|Offline: última versão guardada.|Enviar mensagem a {name}|Novas mensagens|Ponto turístico|Museu|Parque|Natureza|Restaurante|Café|Bar|Mercado|Loja|Hotel|Espaço de eventos|Desporto|Transportes|Outro',
  ru: 'Список|Карта|Назад|Нравится|Убрать отметку|Сайт|Позвонить|E-mail|Язык|Загрузка…|Не удалось загрузить.|Повторить|Пока нет мест.|Контакты|Часы работы|Сохраните отметки|Регистрация|Войти|Ваши отметки|Офлайн: последняя сохранённая версия.|Написать: {name}|Новые сообщения|Достопримечательность|Музей|Парк|Природа|Ресторан|Кафе|Бар|Рынок|Магазин|Отель|Площадка|Спорт|Транспорт|Другое',
  tr: 'Liste|Harita|Geri|Beğen|Beğeniyi kaldır|Web sitesi|Ara|E-posta|Dil|Yükleniyor…|Yüklenemedi.|Tekrar dene|Henüz yer yok.|İletişim|Çalışma saatleri|Beğenilerini kaydet|Kaydol|Giriş yap|Beğenilerin|Çevrimdışı: son kaydedilen sürüm.|Mesaj gönder: {name}|Yeni mesajlar|Görülecek yer|Müze|Park|Doğa|Restoran|Kafe|Bar|Pazar|Mağaza|Otel|Etkinlik mekânı|Spor|Ulaşım|Diğer',
  nl: 'Lijst|Kaart|Terug|Vind ik leuk|Niet meer leuk|Website|Bellen|E-mail|Taal|Laden…|Laden mislukt.|Opnieuw|Nog geen plekken.|Contact|Openingstijden|Bewaar je likes|Registreren|Inloggen|Jouw likes|Offline: laatst opgeslagen versie.|Stuur {name} een bericht|Nieuwe berichten|Bezienswaardigheid|Museum|Park|Natuur|Restaurant|Café|Bar|Markt|Winkel|Hotel|Evenementenlocatie|Sport|Vervoer|Overig',
  da: 'Liste|Kort|Tilbage|Synes godt om|Fjern synes godt om|Hjemmeside|Ring|E-mail|Sprog|Indlæser…|Kunne ikke indlæses.|Prøv igen|Ingen steder endnu.|Kontakt|Åbningstider|Gem dine likes|Opret konto|Log ind|Dine likes|Offline: sidst gemte version.|Skriv til {name}|Nye beskeder|Seværdighed|Museum|Park|Natur|Restaurant|Café|Bar|Marked|Butik|Hotel|Spillested|Sport|Transport|Andet',
};

export type Translate = (key: TextKey) => string;

/** A place category's name ("cafe" → "Café"); an unknown one as it is. */
export const categoryName = (t: Translate, category: string): string =>
  (CATEGORIES as readonly string[]).includes(category) ? t(`category.${category}` as TextKey) : category;

/** The UI words for a language (English for a language the app does not speak). */
export function translator(lang: string): Translate {
  const words = (DICTIONARY[lang] ?? DICTIONARY.en).split('|');
  return (key) => words[KEYS.indexOf(key)];
}

/** A language's name in that language ("de" → "Deutsch"), or its code where the browser cannot say. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
  } catch {
    // no Intl.DisplayNames
  }
  return code.toUpperCase();
}

/** Two-letter codes of the browser's preferred languages, best first. */
export function browserLanguages(nav: Pick<Navigator, 'language' | 'languages'> = navigator): string[] {
  const list = nav.languages?.length ? nav.languages : [nav.language];
  return [...new Set(list.filter(Boolean).map((l) => l.slice(0, 2).toLowerCase()))];
}

/**
 * The content language to show: `?lang=` when the content offers it, else the first of the
 * browser's languages it offers, else its first language. Before the offered languages are known
 * (`offered` empty), the wish itself: `?lang=`, else the browser's first language.
 */
export function pickLanguage(offered: readonly string[], param: string | null, preferred: readonly string[]): string {
  const wish = param?.trim().toLowerCase().slice(0, 2) || null;
  if (!offered.length) return wish ?? preferred[0] ?? 'en';
  if (wish && offered.includes(wish)) return wish;
  return preferred.find((l) => offered.includes(l)) ?? offered[0];
}

/** The language of the UI words: the content language when the app speaks it, else English. */
export const uiLanguage = (lang: string): string => ((APP_LANGUAGES as readonly string[]).includes(lang) ? lang : 'en');
