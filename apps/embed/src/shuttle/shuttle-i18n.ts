/**
 * "Where is my shuttle?"'s words in the 13 app languages, as in i18n.ts (one `|`-separated line
 * per language, in the order of SHUTTLE_KEYS), in the shuttle view's own chunk. `{x}` is filled in.
 */
const SHUTTLE_KEYS = [
  'where',
  'whereHint',
  'back',
  'map',
  'updated',
  'distanceTo',
  'away',
  'eta',
  'estimate',
  'atStop',
  'moving',
  'stopped',
  'offline',
  'none',
  'share',
  'shareHint',
  'shareFor',
  'createLink',
  'copy',
  'copied',
  'validUntil',
  'expired',
  'notFound',
  'error',
  'reconnecting',
  'shareTitle',
] as const;
export type ShuttleTextKey = (typeof SHUTTLE_KEYS)[number];
export const SHUTTLE_KEY_LIST: readonly ShuttleTextKey[] = SHUTTLE_KEYS;

export const SHUTTLE_DICTIONARY: Record<string, string> = {
  en: 'Where is my shuttle?|See our shuttles live on the map|Back|Shuttles on the map|Updated {x}|Distance to|{x} away|arrives in about {x} min|an estimate from its recent speed|At {x}|On the way|Stopped|No recent position|No shuttle is on the road right now.|Share live location|For someone without the app: the link shows the shuttles live until it expires.|Link valid for|Create link|Copy link|Link copied|Valid until {x}|This link has expired.|This link does not exist.|Could not load the shuttles.|Reconnecting…|{x}: where is the shuttle?',
  de: 'Wo ist mein Shuttle?|Unsere Shuttles live auf der Karte|Zurück|Shuttles auf der Karte|Aktualisiert {x}|Entfernung zu|{x} entfernt|kommt in etwa {x} Min. an|geschätzt aus seiner Geschwindigkeit der letzten Minuten|An der Haltestelle {x}|Unterwegs|Steht|Keine aktuelle Position|Gerade ist kein Shuttle unterwegs.|Live-Standort teilen|Für jemanden ohne die App: Der Link zeigt die Shuttles live, bis er abläuft.|Link gültig für|Link erstellen|Link kopieren|Link kopiert|Gültig bis {x}|Dieser Link ist abgelaufen.|Diesen Link gibt es nicht.|Die Shuttles konnten nicht geladen werden.|Verbindung wird wiederhergestellt…|{x}: Wo ist das Shuttle?',
  es: '¿Dónde está mi lanzadera?|Mira nuestras lanzaderas en tiempo real en el mapa|Atrás|Lanzaderas en el mapa|Actualizado {x}|Distancia a|a {x}|llega en unos {x} min|estimación según su velocidad reciente|En la parada {x}|En camino|Detenida|Sin posición reciente|Ahora mismo no hay ninguna lanzadera en circulación.|Compartir ubicación en tiempo real|Para quien no tenga la app: el enlace muestra las lanzaderas en tiempo real hasta que caduque.|Enlace válido durante|Crear enlace|Copiar enlace|Enlace copiado|Válido hasta el {x}|Este enlace ha caducado.|Este enlace no existe.|No se han podido cargar las lanzaderas.|Reconectando…|{x}: ¿dónde está la lanzadera?',
  fr: "Où est ma navette ?|Suivez nos navettes en direct sur la carte|Retour|Navettes sur la carte|Mis à jour {x}|Distance jusqu'à|à {x}|arrive dans environ {x} min|estimation d'après sa vitesse récente|À l'arrêt {x}|En route|À l'arrêt|Pas de position récente|Aucune navette n'est en circulation pour le moment.|Partager la position en direct|Pour quelqu'un qui n'a pas l'application : le lien affiche les navettes en direct jusqu'à son expiration.|Lien valable pendant|Créer le lien|Copier le lien|Lien copié|Valable jusqu'au {x}|Ce lien a expiré.|Ce lien n'existe pas.|Impossible de charger les navettes.|Reconnexion…|{x} : où est la navette ?",
  hr: 'Gdje je moj shuttle?|Pogledaj naša shuttle vozila uživo na karti|Natrag|Shuttle vozila na karti|Ažurirano {x}|Udaljenost do|{x} do stanice|stiže za otprilike {x} min|procjena prema nedavnoj brzini|Na stanici {x}|Na putu|Stoji|Nema novije lokacije|Trenutačno nijedan shuttle nije na putu.|Podijeli lokaciju uživo|Za nekoga tko nema aplikaciju: poveznica prikazuje shuttle vozila uživo dok ne istekne.|Poveznica vrijedi|Izradi poveznicu|Kopiraj poveznicu|Poveznica je kopirana|Vrijedi do {x}|Ova poveznica je istekla.|Ova poveznica ne postoji.|Učitavanje shuttle vozila nije uspjelo.|Ponovno povezivanje…|{x}: gdje je shuttle?',
  hu: 'Hol jár a transzferbuszom?|Nézd élőben a transzferbuszainkat a térképen|Vissza|Transzferbuszok a térképen|Frissítve: {x}|Távolság a megállóig|{x} távolságra|kb. {x} perc múlva érkezik|becslés a legutóbbi sebessége alapján|Megállóban: {x}|Úton|Áll|Nincs friss pozíció|Most egy transzferbusz sincs úton.|Élő hely megosztása|Annak, akinek nincs meg az alkalmazás: a link élőben mutatja a transzferbuszokat, amíg le nem jár.|A link érvényessége|Link létrehozása|Link másolása|Link kimásolva|Érvényes eddig: {x}|Ez a link lejárt.|Ez a link nem létezik.|Nem sikerült betölteni a transzferbuszokat.|Újracsatlakozás…|{x}: hol jár a transzferbusz?',
  it: "Dov'è la mia navetta?|Segui le nostre navette in tempo reale sulla mappa|Indietro|Navette sulla mappa|Aggiornato {x}|Distanza da|a {x}|arriva tra circa {x} min|stima basata sulla velocità recente|Alla fermata {x}|In viaggio|Ferma|Nessuna posizione recente|Al momento nessuna navetta è in servizio.|Condividi posizione in tempo reale|Per chi non ha l'app: il link mostra le navette in tempo reale fino alla scadenza.|Link valido per|Crea link|Copia link|Link copiato|Valido fino al {x}|Questo link è scaduto.|Questo link non esiste.|Impossibile caricare le navette.|Riconnessione…|{x}: dov'è la navetta?",
  pl: 'Gdzie jest mój bus?|Zobacz nasze busy na żywo na mapie|Wstecz|Busy na mapie|Zaktualizowano {x}|Odległość do|{x} od przystanku|przyjedzie za ok. {x} min|szacunek na podstawie ostatniej prędkości|Na przystanku {x}|W drodze|Stoi|Brak aktualnej pozycji|W tej chwili żaden bus nie jest w trasie.|Udostępnij lokalizację na żywo|Dla kogoś bez aplikacji: link pokazuje busy na żywo, dopóki nie wygaśnie.|Link ważny przez|Utwórz link|Kopiuj link|Skopiowano link|Ważny do {x}|Ten link wygasł.|Ten link nie istnieje.|Nie udało się wczytać busów.|Ponowne łączenie…|{x}: gdzie jest bus?',
  pt: 'Onde está o meu transfer?|Veja os nossos transfers em direto no mapa|Voltar|Transfers no mapa|Atualizado {x}|Distância até|a {x}|chega dentro de cerca de {x} min|estimativa com base na velocidade recente|Na paragem {x}|A caminho|Parado|Sem posição recente|Neste momento, nenhum transfer está a circular.|Partilhar localização em direto|Para quem não tem a app: a ligação mostra os transfers em direto até expirar.|Ligação válida durante|Criar ligação|Copiar ligação|Ligação copiada|Válida até {x}|Esta ligação expirou.|Esta ligação não existe.|Não foi possível carregar os transfers.|A restabelecer a ligação…|{x}: onde está o transfer?',
  ru: 'Где мой шаттл?|Наши шаттлы на карте в реальном времени|Назад|Шаттлы на карте|Обновлено {x}|Расстояние до|{x} до остановки|прибудет примерно через {x} мин|оценка по скорости за последние минуты|На остановке {x}|В пути|Стоит|Нет свежих данных о местоположении|Сейчас на маршруте нет ни одного шаттла.|Поделиться местоположением в реальном времени|Для тех, у кого нет приложения: по ссылке шаттлы видны в реальном времени, пока она действует.|Ссылка действует|Создать ссылку|Копировать ссылку|Ссылка скопирована|Действует до {x}|Срок действия ссылки истёк.|Такой ссылки не существует.|Не удалось загрузить шаттлы.|Переподключение…|{x}: где шаттл?',
  tr: 'Servisim nerede?|Servislerimizi haritada canlı izle|Geri|Haritadaki servisler|Son güncelleme: {x}|Durağa uzaklık|{x} uzakta|yaklaşık {x} dk. içinde gelir|son hızına göre tahmin|{x} durağında|Yolda|Duruyor|Güncel konum yok|Şu anda yolda servis yok.|Canlı konumu paylaş|Uygulaması olmayanlar için: bağlantı, süresi dolana kadar servisleri canlı gösterir.|Bağlantı geçerlilik süresi|Bağlantı oluştur|Bağlantıyı kopyala|Bağlantı kopyalandı|{x} tarihine kadar geçerli|Bu bağlantının süresi doldu.|Bu bağlantı mevcut değil.|Servisler yüklenemedi.|Yeniden bağlanılıyor…|{x}: servis nerede?',
  nl: 'Waar is mijn shuttle?|Bekijk onze shuttles live op de kaart|Terug|Shuttles op de kaart|Bijgewerkt {x}|Afstand tot|op {x}|is er over ongeveer {x} min.|schatting op basis van de recente snelheid|Bij halte {x}|Onderweg|Staat stil|Geen recente positie|Er rijdt nu geen shuttle.|Live locatie delen|Voor iemand zonder de app: de link toont de shuttles live tot hij verloopt.|Link geldig voor|Link maken|Link kopiëren|Link gekopieerd|Geldig tot {x}|Deze link is verlopen.|Deze link bestaat niet.|De shuttles konden niet worden geladen.|Opnieuw verbinden…|{x}: waar is de shuttle?',
  da: 'Hvor er min shuttlebus?|Se vores shuttlebusser live på kortet|Tilbage|Shuttlebusser på kortet|Opdateret {x}|Afstand til|{x} væk|ankommer om ca. {x} min.|anslået ud fra den seneste hastighed|Ved stoppestedet {x}|På vej|Holder stille|Ingen nylig position|Der kører ingen shuttlebus lige nu.|Del live-placering|Til en, der ikke har appen: linket viser shuttlebusserne live, indtil det udløber.|Linket gælder i|Opret link|Kopiér link|Link kopieret|Gælder til {x}|Dette link er udløbet.|Dette link findes ikke.|Shuttlebusserne kunne ikke indlæses.|Genopretter forbindelsen…|{x}: hvor er shuttlebussen?',
};

export type ShuttleTranslate = (key: ShuttleTextKey, x?: string) => string;

/** The shuttle view's words for an app language (English for one the app does not speak). */
export function shuttleTranslator(lang: string): ShuttleTranslate {
  const words = (SHUTTLE_DICTIONARY[lang] ?? SHUTTLE_DICTIONARY.en).split('|');
  return (key, x = '') => words[SHUTTLE_KEYS.indexOf(key)].replace('{x}', x);
}
