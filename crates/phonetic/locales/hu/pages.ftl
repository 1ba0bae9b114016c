# Az oldalak és a nyomtatott játszmalap szövegei magyarul: a versenybíró konzolja, a
# táblák egyeztetése (D.2.9 szabály) és a játszmalap feliratai. Mezők, mint a
# játszmalapon ($square: "e4"), lépések SAN-ban a nyelv betűivel. Mindkét játékost
# magázva szólítjuk meg.

## A konzol
console-read-only = Csak olvasás
console-arbiter = Versenybírói konzol — { $name }
console-skip = Ugrás a táblákhoz
console-reload = Töltse újra az oldalt a változások megtekintéséhez.
console-glance = Első pillantásra
console-alerts = Riasztások
console-boards = Táblák
console-plan = A táblák egyeztetése (D.2.9 szabály)
console-clocks = Órák
console-claims = Reklamációk
console-moves = Játszmalapok
console-log = Eseménynapló
console-actions = A versenybíró intézkedései
console-no-alerts = Nincs riasztás.
console-no-claims = Nincs függő reklamáció.
console-no-plan = Nincs szükség egyeztetésre.
console-plan-open = A táblák eltérnek: az egyeztetési terv lent található.
console-state-waiting = A játszma még nem kezdődött el.
console-state-running = A játszma folyik.
console-state-paused = Az órákat a versenybíró megállította.
console-state-adjourned = A játszma függőben van.
console-state-finished = A játszma véget ért: { $result }.
console-next-game = Eredmény megerősítése és a következő játszma indítása
console-clock-side = { color }
console-clock-vi = { color } — látássérült játékos
console-clock-running = Jár
console-clock-stopped = Áll
console-clock-paused = Megállítva
console-clock-moves = Lépések: { $count }
console-claim = { color } reklamál ({ $ground }): { $detail }
console-uphold = A(z) { $id }. reklamáció elfogadása
console-reject = A(z) { $id }. reklamáció elutasítása
console-dismiss = A(z) { $id }. riasztás lezárása
console-carry-out = A terv végrehajtása
console-pause = Órák megállítása
console-resume = Órák indítása
console-side = Szín
console-white = Világos
console-black = Sötét
console-set-clock = Óra beállítása
console-time-left = Hátralévő idő (h:mm:ss)
console-set-clock-button = Óra beállítása
console-set-moves = Lépésszámláló beállítása
console-moves-made = Megtett lépések
console-set-moves-button = Számláló beállítása
console-penalty = Büntetés (7.5.5, 12.9 szabály)
console-penalty-kind = Büntetés
console-penalty-warning = Figyelmeztetés
console-penalty-add = Időjóváírás az ellenfélnek
console-penalty-reduce = A vétkes idejének csökkentése
console-penalty-lose = Elvesztett játszma
console-seconds = Másodperc
console-penalty-button = Büntetés kiszabása
console-declare = Az eredmény kihirdetése
console-result = Eredmény
console-reason = Indok
console-declare-button = Eredmény kihirdetése
console-vi-board = A látássérült játékos táblája
console-sighted-board = A látó játékos táblája
console-board-as-text = { $board } szövegként
console-board-unreadable = Ez a tábla nem olvasható.
console-boards-agree = A két tábla egyezik.
console-boards-differ = A táblák { $count ->
    [one] egy mezőn
   *[other] { $count } mezőn
 } eltérnek.
console-square-differs = { $square }: a látássérült tábláján { $vi }, a látó tábláján { $sighted }.
console-square-empty = üres
console-scoresheets = Mindkét játszmalap, lépésről lépésre
console-ply = Féllépés
console-vi-player = Látássérült játékos
console-sighted-player = Látó játékos
console-same = Egyezik
console-yes = igen
console-no = nem
console-no-moves = Még nincs lépés.

## A táblák egyeztetése (D.2.9 szabály)
plan-ply = { color }, { $number }. lépés
plan-agreement = Mindkét tábla egyezik a játszmalapokkal.
plan-scoresheets-agree = A játszmalapok egyeznek eddig: { $at }. Egy tábla eltér tőlük, és azt kijavítják.
plan-scoresheets-agree-start = A játszmalapok egyeznek (kiinduló állás). Egy tábla eltér tőlük, és azt kijavítják.
plan-scoresheets-differ = A játszmalapok eltérnek ettől: { $at }. A játszma visszatér az állásba ez után: { $last }, ahol utoljára egyeztek.
plan-scoresheets-differ-start = A játszmalapok eltérnek ettől: { $at }. A játszma visszatér a kiinduló állásba, ahol utoljára egyeztek.
plan-boards-agree = Mindkét tábla az egyik játszmalap játszmáját mutatja. A másik játszmalapot kijavítják (8.1 szabály).
plan-continues = A játszma ez után folytatódik: { $at }.
plan-continues-start = A játszma a kiinduló állásból folytatódik.
plan-findings = Megállapítások
plan-board-of = { $player ->
    [vi] A látássérült játékos táblája
   *[sighted] A látó játékos táblája
 }
plan-player = { $player ->
    [vi] a látássérült játékos
   *[sighted] a látó játékos
 }
plan-move-on-one-board = Ettől kezdve: { $at }, hiányoznak a lépések { plan-player } tábláján: { $moves }.
plan-wrong-move = Itt: { $at }, { plan-player } tábláján { $executed } áll { $recorded } helyett.
plan-board-disturbed = Rossz mezőn állnak bábuk { plan-player } tábláján: { $squares }.
plan-unrecorded = Ettől kezdve: { $at }, hiányoznak a lépések { plan-player } játszmalapjáról: { $moves }.
plan-not-played = Ettől kezdve: { $at }, { plan-player } játszmalapján olyan lépések vannak, amelyeket egyik tábla sem mutat: { $moves }. Ezeket áthúzzák.
plan-missing-move = Itt: { $at }, hiányzik a(z) { $moves } lépés { plan-player } játszmalapjáról.
plan-swapped = { $player ->
    [none] Két lépés rossz sorrendben van feljegyezve: { $moves }.
   *[other] Két lépés rossz sorrendben van { plan-player } játszmalapján: { $moves }.
 }
plan-illegal-entry = Itt: { $at }, { plan-player } játszmalapján „{ $moves }“ áll, ez nem szabályos lépés.
plan-different-move = Itt: { $at }, a látássérült játékos { $vi } lépést jegyzett fel, a látó játékos { $sighted } lépést.
plan-step-remove = Vegye le { $piece } erről: { $from }.
plan-step-move = Tegye { $piece } innen: { $from }, ide: { $to }.
plan-step-lift = Emelje fel { $piece } innen: { $from }, és tartsa a kezében.
plan-step-place = Tegye { $piece } ide: { $to }.
plan-step-add = Állítsa { $piece } ide: { $to }.
plan-clocks = Állítsa be az órákat: világos { $white }, sötét { $black }. Lépésszámlálók: világos { $white-moves }, sötét { $black-moves }.
plan-clocks-unknown = Ehhez a lépéshez nincs feljegyzett idő: az órákat a versenybíró állítja be. Lépésszámlálók: világos { $white-moves }, sötét { $black-moves }.

## A nyomtatott játszmalap
sheet-title = Játszmalap
sheet-doc-title = Játszmalap: { $white } – { $black }
sheet-page = { $number }. oldal / { $pages }
sheet-event = Verseny
sheet-site = Helyszín
sheet-date = Dátum
sheet-round = Forduló
sheet-board = Tábla
sheet-arbiter = Versenybíró
sheet-time-control = Játékidő
sheet-white = Világos
sheet-black = Sötét
sheet-vi = látássérült
sheet-by-hand = Kérjük, kézzel írja be (jobbról balra író írás).
sheet-title-label = Cím
sheet-rating = Értékszám
sheet-fide-id = FIDE-azonosító
sheet-federation = Szövetség
sheet-number = Sz.
sheet-time = Idő
sheet-result = Eredmény
sheet-illegal-none = Nem volt szabálytalan lépés.
sheet-illegal-added = ‡ { $move }: szabálytalan lépés ({ color }); az ellenfél { $time } időt kap (7.5.5 szabály).
sheet-illegal-lost = ‡ { $move }: szabálytalan lépés ({ color }); a játszma véget ér (7.5.5 szabály).
sheet-sign-white = Világos aláírása
sheet-sign-black = Sötét aláírása
sheet-sign-arbiter = A versenybíró aláírása
sheet-footer = Az annabella írta a tábla naplójából. (=) döntetlenajánlat ezzel a lépéssel (9.1.2.2 szabály). ‡ szabálytalan lépés e lépés helyett (7.5 szabály).
sheet-clocks = Az idő a játszma során
sheet-clocks-note = Hátralévő idő minden lépés után (az idők a lépésoszlopokban is szerepelnek).
sheet-axis-move = Lépés

## A konzol bejelentkezési és hibaoldala
console-sign-in = A versenybíró bejelentkezése
console-sign-in-token = Konzolkulcs (a konzol indításakor kiírva)
console-sign-in-name = Az Ön neve (minden intézkedésnél rögzítjük)
console-sign-in-open = A versenybírói konzol megnyitása
console-error = Nem történt meg
console-back = Vissza
console-say-remote-token = Más számítógépről a konzolkulccsal lehet belépni.
console-say-needs-token = A versenybírói konzolhoz konzolkulcs kell.
console-say-wrong-token = Ez a kulcs nem helyes.
serve-two-hosts = Egy kérésnek egy Host fejléce van.
serve-foreign-host = Ez a szerver nem válaszol erre a gépnévre.
serve-foreign-form = Az űrlapnak a szerver saját oldaláról kell jönnie.
serve-guesses = Túl sok hibás kulcs érkezett erről a számítógépről; próbálja újra egy perc múlva.
console-say-needs-name = Adja meg a nevét: minden intézkedésnél rögzítjük.
console-say-not-running = Az asztal nem működik: a kérés nem jutott el.
console-say-action-token = A versenybírói intézkedésekhez konzolkulcs kell.
console-say-action-name = Minden intézkedéshez kell a versenybíró neve („by” mező).
console-say-sent = Elküldve: { $action } ({ $by }).
console-say-refuse-missing = A(z) „{ $field }” mező üres: töltse ki.
console-say-refuse-number = A(z) „{ $field }” mezőben „{ $text }” áll: adjon meg egy egész számot.
console-say-refuse-clock = A hátralévő idő („{ $text }”) nem érvényes idő: adja meg h:mm:ss alakban, például 1:29:00.
console-say-refuse-over-a-day = A hátralévő idő ({ $text }) több mint 24 óra: egy óra legfeljebb 24:00:00-ra állítható.
console-say-refuse-form = Az űrlap hiányos vagy elavult: töltse be újra az oldalt, és próbálja újra.
console-refused-no-claim = nincs függő { $claim }. reklamáció
console-refused-no-alert = nincs { $alert }. riasztás
console-refused-no-plan = nincs terv
console-refused-plan-changed = a terv megváltozott, mióta megjelent
console-refused-unknown-board = { $board ->
    [vi] a látássérült játékos táblája
   *[sighted] a látó játékos táblája
} nem ismert
console-refused-plan-steps = a terv lépései nem illenek a táblákhoz
console-refused-not-over = a játszma még nem ért véget; az eredményét akkor erősítjük meg, amikor véget ér

## A versenyterem: az áttekintés, egy asztal oldala és a kivetítő
hall-title = Versenyterem
hall-title-arbiter = Versenyterem — főbíró
hall-title-screen = Versenyterem — kivetítő
hall-alerts = Riasztások
hall-tables = Asztalok
hall-all-games = Minden játszma (PGN)
hall-calm = Egyik asztalnak sincs szüksége a bíróra.
hall-alert-count = { $count ->
    [one] { $count } riasztás a bírót hívja.
   *[other] { $count } riasztás a bírót hívja.
}
hall-table = { $table }. asztal
hall-no-table = Még egyik asztal sem jelentkezett.
hall-after-ply = ({ $number }. féllépés után)
hall-record = { $number }. bejegyzés
hall-witness-replayed = korábbi nézet újraküldve
hall-witness-contradicted = a napló ellentmond
hall-kind-called = bírót hívtak
hall-kind-paused = az órák megállítva
hall-kind-peg-board = a csaptábla eltér
hall-kind-sighted-board = a látó játékos táblája eltér
hall-kind-sighted-touch = megérintett bábu (látó játékos)
hall-kind-vi-touch = megérintett bábu (látássérült játékos)
hall-kind-press = óra lépés nélkül megnyomva
hall-kind-flag = a zászló leesett
hall-kind-claim = reklamáció
hall-kind-illegal = szabálytalan lépés
hall-kind-clock-device = sakkóra
hall-kind-entry = a bevitel eltér a táblától
hall-state-waiting = Várakozás az asztal első nézetére.
hall-state-finished = Befejeződött: { $result } ({ $termination }).
hall-state-adjourned = Függőben.
hall-state-white = Világos lép.
hall-state-black = Sötét lép.
hall-state-paused-white = Az órák megállítva, világos lép.
hall-state-paused-black = Az órák megállítva, sötét lép.
hall-claim-waits = Reklamáció vár.
hall-white = Világos
hall-black = Sötét
hall-running = ▶ jár
hall-vi = LS
hall-vi-long = (látássérült)
hall-last-move = Utolsó lépés: { $move }
hall-no-move = Még nincs lépés.
hall-dropped = Eldobott üzenetek: { $text }.
hall-dropped-none = nincs
hall-dropped-unsigned = { $count } aláíratlan
hall-dropped-forged = { $count } más kulccsal aláírt
hall-dropped-unknown = { $count } olyan asztaltól, amelynek kulcsa nincs meg a teremben
hall-dropped-big = { $count } túl nagy
hall-dropped-malformed = { $count } hibás vagy rossz témán
hall-dropped-illegal = { $count } szabálytalan lépéssel
hall-dropped-gap = { $count } egy hézag után (a következő nézetre vár)
hall-dropped-absurd = { $count } képtelen bejegyzés- vagy játszmaszámmal
hall-dropped-old = { $count } egy korábbi játszmából
hall-dropped-actions = { $count } hamisított bírói intézkedés
hall-dropped-contradicting = { $count } egy tanúsított naplóállapotnak ellentmondó
hall-dropped-replayed = { $count } a terem újraindítása előttről újraküldve
hall-dropped-newer = { $count } újabb protokollban, mint amit ez a terem olvas (frissítse a termet)
hall-dismiss = A riasztás lezárása a(z) { $table }. asztalnál
hall-pause = Az órák megállítása a(z) { $table }. asztalnál
hall-resume = Az órák folytatása a(z) { $table }. asztalnál
hall-result = Eredmény a(z) { $table }. asztalnál
hall-declare = Az eredmény kihirdetése a(z) { $table }. asztalnál
hall-next-game = Az eredmény megerősítése és a következő játszma indítása a(z) { $table }. asztalnál
hall-back = Vissza a versenyterembe
hall-no-alert = Ennél az asztalnál nincs riasztás.
hall-dismissed = (lezárva)
hall-moves = Lépések
hall-clock-chart = Az órák a játszma során
hall-clock-numbers = Ugyanez táblázatban

## A konzol naplója, riasztásai és reklamációi
view-refused = { $text } Elutasítva: { $reason }.
view-input-refused = Bevitel elutasítva: { $reason }.
view-said-vi = A látássérült játékosnak mondva: „{ $text }”.
view-said-sighted = A látó játékosnak mondva: „{ $text }”.
view-said-both = Mindkét játékosnak mondva: „{ $text }”.
view-recorded = A(z) { $move } lépés feljegyezve (hátralévő idő: { $time }).
view-alert-log = Riasztás: { $text }
view-alert = { $what }: { $detail }
view-game-over = A játszma véget ért: { $result } ({ $termination }).
view-device = { $device }: { $report }.
view-device-down = A kapcsolat a(z) { $device } eszközzel: { $report }.
view-device-name = { $device ->
    [clock] sakkóra
    [peg_board] csaptábla
    [dgt] DGT-tábla
   *[other] { $name }
}
view-report-opened = megnyitva: { $path }
view-report-reopened = újra megnyitva: { $path }
view-report-lost = megszakadt: { $reason }
view-report-open-failed = nem nyitható meg: { $reason }
view-pegs = Csaptábla: csap a(z) { $squares } mezőn, ahol a játszmából nem hiányzik bábu (gyalogként mutatva; a tábla csak a foglaltságot érzékeli).
view-ground-threefold = háromszori állásismétlés (9.2)
view-ground-fifty = ötvenlépéses szabály (9.3)
view-claim-intended = szándékolt lépés: { $move }; az eszköz nem tudta elfogadni a reklamációt
view-claim-not-upheld = az eszköz nem tudta elfogadni a reklamációt
view-by-arbiter = { $user }: { $text }.
view-keyboard = Bíró a billentyűzetnél: { $text }.
view-started = A játszma elkezdődött.
view-heard = A látássérült játékos mondta: „{ $text }”.
view-assistant = Az asszisztens beírta a látó játékos lépését: { $move }.
view-sighted = Látó játékos: { $what }.
view-alert-called = A bírót hívják
view-alert-paused = Egy játékos megállította az órákat
view-alert-peg-board = A táblák eltérnek (csaptábla)
view-alert-sighted-board = A táblák eltérnek (a látó játékos táblája)
view-alert-sighted-touch = Érintett bábu (látó játékos)
view-alert-vi-touch = Érintett bábu (látássérült játékos)
view-alert-press = Óra lépés nélkül megnyomva
view-alert-flag = Leesett a zászló
view-alert-clock-device = A sakkóra (megszakadt, visszatért vagy gyenge az elem)
view-alert-claim = Reklamációról kell dönteni
view-alert-illegal = Szabálytalan lépés a látó játékos tábláján
view-alert-entry = Az asszisztens bevitele eltér a táblától
view-cause-clock-lost = a sakkóra nincs csatlakoztatva vagy ki van kapcsolva; az asztal maga méri az időt és nyomja az órákat
view-cause-clock-back = a sakkóra újra csatlakozott; a karja ismét számít
view-cause-clock-refuses = a sakkóra nem fogadja el az asztal idejeit; állítsa be kézzel (az asztal méri az időt)
view-cause-clock-battery = a sakkóra gyenge elemet jelez
view-cause-start-waits = a játszma a látó játékos tábláján a kiinduló állásra vár; a versenybíró indítása így is elindítja
view-cause-sighted-board = a látó játékos táblája eltér a játszmától
view-cause-sighted-press = a látó játékos megnyomta az órát, de a táblán nem látszott lépés
view-cause-paused-vi = a látássérült játékos megállította az órákat
view-cause-paused-sighted = a látó játékos ({ $side }) megállította az órákat
view-cause-paused-button = egy játékos az asztalnál az óra gombjával megállította az órákat
view-cause-flag = leesett a zászló: { $side } (a látássérült játékosé); az ellenfél vagy a versenybíró reklamálhat

## play: játszma játszma után (a versenybíró terminálja)
play-offer-next = A(z) { $dir } játszmája véget ért ({ $result }). Kezdődjön a következő játszma itt: { $next }? [igen]:
play-next-begins = A(z) { $dir } játszmája véget ért ({ $result }): a következő játszma itt kezdődik: { $next }.
play-new-game = Új játszma, ahogy kérte: a(z) { $dir } játszmája marad, ahogy van; a következő itt kezdődik: { $next }.
play-game-over = A(z) { $number }. játszma véget ért: { $result }. Következik a következő játszma.
play-game-records = { $number }. játszma: { $line }
play-not-over = A játszma még nem ért véget: az eredménye csak utána erősíthető meg.
play-confirmed = { $by }: az eredmény megerősítve; következik a következő játszma.
play-round = { $round }. forduló: { $white } – { $black } (Round "{ $pgn }").
play-waiting = A(z) { $round }. forduló párosítására vár: { $why }.
play-forfeit = A(z) { $round }. forduló { $board }. táblája ({ $white } – { $black }) játék nélkül dőlt el: itt nincs mit játszani.
play-no-pairing = A TRF-fájlban a(z) { $round }. fordulóban még nincs { $board }. tábla.
play-vi-bye = A(z) { $round }. forduló: { $name } nem játszik (szabadnap); az asztal a következő fordulóra vár.
play-vi-not-paired = A TRF-fájl a(z) { $round }. fordulóban még nem nevezi meg a látássérült játékost ({ $rank }. rajtszám).
play-no-trf = Az asztal fájlja nem nevez meg TRF-fájlt vagy táblát.
play-journal = A játszma naplója itt van: { $path }.
play-written = A(z) { $path } fájl elkészült.
play-braille-not-written = A Braille-játszmalap nem készült el: { $why }.
play-printed-not-written = A nyomtatott játszmalap nem készült el: { $why }.
play-result = A játszma véget ért: { $result } ({ $termination }).
play-script-ended = A forgatókönyv a játszma vége előtt véget ért; a napló megőrzi.

## demo: what the operator's terminal is told
demo-earlier-records = A(z) { $dir } mappában egy korábbi játszma feljegyzései vannak, ezek megmaradnak; ez a játszma ide kerül: { $next }.
demo-starts = A bemutató a(z) { $script } forgatókönyvet játssza; a feljegyzései ide kerülnek: { $dir }.
demo-hall-drained = A terem brókere megkapta a napló bejegyzéseit (1–{ $last }).
demo-hall-behind = A terem brókere csak a(z) { $last } bejegyzésből az 1–{ $acked }. bejegyzést kapta meg; a többi a(z) { $journal } naplóban vár, és az „annabella hall publish --once --journal { $journal } …” parancs elküldi őket.
demo-hall-failed = Nem minden bejegyzés jutott el a teremhez: { $error }.

## devices: what `annabella devices` finds
devices-no-ports = Nem található soros port.
devices-no-audio = Nem található hangbemeneti eszköz.

## devices watch: what a device reports
watch-opened = { $reconnect ->
    [yes] Újra csatlakozva
   *[no] Csatlakozva
} ide: { $path }; a teljes állapot újraolvasása folyik.
watch-lost = A kapcsolat megszakadt ({ $why }); a szakadáson át nem következtetünk lépésre.
watch-open-failed = A port nem nyitható meg ({ $why }); újrapróbálás.
watch-hello = Az eszköz bemutatkozik: { $version }.
watch-move = A táblán megtörtént a(z) { $move } lépés.
watch-promotion = A(z) { $from } – { $to } átváltozás a bejelentett figurára vár.
watch-ambiguous = Több szabályos lépés is illik: { $moves }.
watch-in-sync = A tábla egyezik a játszmával.
watch-mismatch = A tábla eltér a játszmától: { $what }.
watch-touched = A(z) { $square } mezőn álló { $piece } figurát felemelték (eszközidő { $at } ms).
watch-lift = Egy pöcköt felemeltek innen: { $square } (eszközidő { $at } ms).
watch-place = Egy pöcköt letettek ide: { $square } (eszközidő { $at } ms).
watch-lever = { $color ->
    [white] Világos
   *[black] Sötét
} megnyomta az óra karját (eszközidő { $at } ms).
watch-button = A(z) „{ $button ->
    [time-query] idő
    [pause] szünet
   *[push-to-talk] beszéd
}” gomb { $pressed ->
    [yes] lenyomva
   *[no] felengedve
} (eszközidő { $at } ms).
watch-clock-status = A DGT 3000 { $connected ->
    [yes] csatlakoztatva van
   *[no] nincs csatlakoztatva
}, és { $running ->
    [yes] jár
   *[no] áll
}; az eleme { $battery ->
    [yes] gyenge
   *[no] rendben van
}.
watch-clock-gone = A DGT 3000 már { $ms } ms óta hallgat, pedig kérdezték.
watch-clock-times = Az óra mutatja: világos { $white }, sötét { $black }; { $running ->
    [white] világos órája jár.
    [black] sötét órája jár.
   *[none] egyik óra sem jár.
}
watch-clock-button = A DGT 3000 { $code }. gombját megnyomták.
watch-clock-ack = A DGT 3000 nyugtázta a parancsot.
watch-clock-failed = A DGT 3000 soha nem nyugtázta a parancsot.
watch-error = Átviteli hiba, a kapcsolat megmarad: { $why }.

## journal replay and export: what the reader of a journal is told
journal-accepted-unkeyed = Figyelem: a(z) { $path } naplóban nincsenek MAC-kódok, bár ennek az asztalnak van titkos kulcsa; csak azért olvasható be, hitelesítés nélkül, mert ezt az { $accept } kapcsolóval kérte: aki írhatta a fájlt, átírhatta a játszmáját, és ezt itt semmi sem tudja kimutatni.
journal-dropped = A(z) { $path } napló utolsó bejegyzése ({ $seq }, { $at } ms) csonka vagy sérült volt, és félre lett téve ({ $damage }); a játszma a(z) { $next }. bejegyzéstől folytatódik.
journal-damaged = A(z) { $path } napló { $seq }. bejegyzése sérült ({ $damage }); az 1–{ $last }. bejegyzés visszajátszva, { $count ->
    [one] az onnantól következő bejegyzés nem.
   *[other] az onnantól következő { $count } bejegyzés nem.
}
journal-file-damage = A(z) { $path } napló a bejegyzésein kívül sérült: { $why }.
journal-other-secret = A(z) { $path } naplót az asztal egy másik titkos kulcsával (azonosító: { $journal }) írták, mint a megadott (azonosító: { $given }): MAC-kódjai nem ellenőrizhetők.
journal-unkeyed-refused = Lehetséges manipuláció: a(z) { $path } naplóban nincsenek MAC-kódok, de ennek az asztalnak van titkos kulcsa (minden ilyen asztalnál készült napló kulcsos, a bemutatóké is), így MAC-kódjait eltávolíthatták és a játszmát átírhatták.
journal-unkeyed-hint = Ha tudja, hogy a(z) { $path } napló valódi, az { $accept } beolvassa, hitelesítés nélkül.
journal-old-format = A(z) { $path } napló nincs hitelesítve: még a kulcsos naplók előtt írták (2. formátum); csak a véletlen sérülések észlelhetők.
journal-unkeyed = A(z) { $path } napló nincs hitelesítve: az asztal titkos kulcsa nélkül készült; csak a véletlen sérülések észlelhetők.
journal-unkeyed-by-design = A(z) { $path } napló nincs hitelesítve: szándékosan az asztal titkos kulcsa nélkül készült (bemutató- vagy tesztjátszma); csak a véletlen sérülések észlelhetők.
journal-no-secret = A(z) { $path } napló nincs hitelesítve: kulcsos, de az asztal titkos kulcsa nélkül olvasták be (adja meg a { $secret } kapcsolóval); csak a véletlen sérüléseket ellenőrizték.
journal-authenticated = A(z) { $path } naplót az asztal titkos kulcsa hitelesíti.
journal-refused = Az asztal elutasította a(z) { $seq }. bejegyzést: { $why }.
journal-edited-after-game = A(z) { $path } napló bejegyzései már nem a befejezéskor elmentett játszmát adják (a(z) { $seq }. bejegyzés): a naplót a játszma után szerkesztették; a PGN az elmentett.
journal-stored-pgn = A(z) { $path } napló PGN-je a befejezéskor elmentett játszma (a(z) { $seq }. bejegyzés).
journal-damage-hash = a hash-e nem egyezik a bejegyzéssel
journal-damage-forged = manipuláció: a hash-e helyes, de a MAC-kódja nem, tehát az asztal titkos kulcsa nélkül írták át
journal-damage-decode = a bemenet nem fejthető vissza (egy másik verzió írta?): { $error }
journal-damage-column = a(z) { $field } oszlopban ez áll: { $found }
journal-damage-gap = hiányzik a(z) { $expected }. bejegyzés (a következő a(z) { $found }.)
journal-damage-time = az ideje ({ $at } ms) korábbi, mint az előző bejegyzésé ({ $previous } ms)
journal-damage-missing = hiányzik: a napló feje szerint { $head } bejegyzést tartalmaz
journal-damage-head = a napló feje nem egyezik az utolsó bejegyzésével ({ $error })
journal-damage-finished = hiányzik: az elmentett befejezett játszma a(z) { $last }. bejegyzéssel ér véget
journal-damage-unreadable = a lapja nem olvasható: { $error }

## journal replay: the rebuilt table
replay-records = A naplóból visszajátszott bejegyzések száma: { $count }.
replay-position = Az állás FEN-ben: { $fen }.
replay-moves = A lépések: { $moves }.
replay-no-moves = Még egy lépés sem történt.
replay-clocks = Az órák: világos { $white }, sötét { $black }; { $running ->
    [white] világos órája jár.
    [black] sötét órája jár.
   *[none] egyik óra sem jár.
}
replay-announced = Bejelentve, de még nem befejezve: { $said } ({ $made ->
    [yes] a táblán megtéve
   *[no] még nincs megtéve
}).
replay-draw-offer = { $color ->
    [white] Világos
   *[black] Sötét
} döntetlent ajánlott.
replay-arbiter = A(z) { $seq }. bejegyzés, asztali idő { $at }, a bíró ({ $by }): { $what }.

## unwinnable: can a side still checkmate (Laws 5.2.2, 6.9)
unwinnable-unreachable = Megjegyzés: ez az állás egyetlen játszmában sem jöhet létre ({ $why ->
    [impossible-check] olyan sakk, amelyet egyetlen utolsó lépés sem adhatott
   *[too-much-material] több anyag, mint amennyit átváltozások adhatnak
}).
unwinnable-no = { $color ->
    [white] Világos
   *[black] Sötét
} semmilyen szabályos lépéssorral nem tud mattot adni.
unwinnable-yes = { $color ->
    [white] Világos
   *[black] Sötét
} tud mattot adni, például: { $moves }.
unwinnable-undetermined = Eldöntetlen: a keresés feladta.

## pairings: a round's pairings and results for the arbiter
pairings-board = { $board }. tábla: { $white } – { $black }.
pairings-forfeit = { $board }. tábla, { $winner ->
    [white] világos játék nélkül nyert (1-0)
    [black] sötét játék nélkül nyert (0-1)
   *[none] mindkét fél játék nélkül vesztett
}: { $white } – { $black }.
pairings-bye = { $kind ->
    [half-point] Szabadnap fél ponttal
    [full-point] Szabadnap egész ponttal
    [pairing-allocated] Párosítás szerinti szabadnap
    [forfeit-win] Játék nélküli győzelem
    [zero-point] Szabadnap pont nélkül
   *[not-paired] Nincs párosítva
}: { $player }.
pairings-written = { $round }. forduló: { $boards } tábla közül { $written } eredménye beírva ide: { $out } ({ $won } játék nélkül; a párosítás { $forfeits } játék nélküli partija és { $byes } szabadnapja megtartva és beszámítva).
pairings-unfinished = Nincs beírva: { $board }. tábla, a játszma nem ért véget.
pairings-in-file-same = Nincs beírva: { $board }. tábla, a fájlban már { $has } áll.
pairings-in-file = Nincs beírva: { $board }. tábla, a fájlban { $has } áll, a játszma szerint { $given }; a fájlé marad.
pairings-no-game = Nincs beírva: { $board }. tábla, ehhez a táblához nincs játszma.
pairings-other-round = Nincs beírva: a(z) { $white } – { $black }{ $tag } játszma ({ $line }. sor) a(z) { $played }. forduló része, nem a(z) { $round }. fordulóé.
pairings-forfeit-result = { $result } játék nélkül

## clock: a presses file through a time control
clock-control = Időbeosztás: { $control } ({ $rate ->
    [blitz] villámjátszma
    [rapid] rapidjátszma
   *[standard] normál játszma
}); világos órája 0-nál indul.
clock-flag = { $line }. sor: { $color ->
    [white] világos
   *[black] sötét
} ideje lejárt ekkor: { $at }.
clock-step = { $line }. sor, { $at }: { $what }; világosnak { $white }, sötétnek { $black } ideje van.
clock-what-start = { $color ->
    [white] Világos
   *[black] Sötét
} indít
clock-what-move = { $color ->
    [white] Világos
   *[black] Sötét
} befejezi a(z) { $number }. lépést
clock-what-press = { $color ->
    [white] Világos
   *[black] Sötét
} megnyomja az órát
clock-what-pause = Szünet
clock-what-resume = Az órák újra járnak
clock-what-add = { $color ->
    [white] Világos
   *[black] Sötét
} kap { $time } időt
clock-what-show = Kijelzés

## Az asztal története (amit a play és a bemutató kiír)
story-hears = { $who ->
    [vi] A látássérült játékos
   *[sighted] A látó játékos
} hallja: „{ $text }”.
story-cut = ({ $how ->
    [superseded] egy újabb bejelentés váltotta fel
    [stopped] a „stop” megszakította
    [skipped] átugorva
    [interrupted] egy sürgősebb bejelentés megszakította, utána megismételve
    [expired] elvetve, mert nem hangzott el időben
   *[failed] a hang nem tudta kimondani
})
story-button = A látássérült játékos megnyomja az óra { $button ->
    [time-query] időgombját
    [pause] szünetgombját
    [push-to-talk] beszédgombját
    [whose-turn] „Ki lép?” gombját
    [repeat-last-move] „Utolsó lépés ismétlése” gombját
   *[call-arbiter] „Bíró hívása” gombját
}.
story-sealed = Egy lépés lezárva: a játszma függőben van.

# The hall's refusals and notices (web.rs) and its Lichess line.
hall-refused-title = Hiba { $status }
hall-error-token = Ez a hozzáférési kulcs nem a teremé.
hall-error-name = Adja meg a nevét (by=…): Minden intézkedéssel együtt rögzítjük.
hall-error-state = A terem állapota nem olvasható.
hall-error-arbiter = A főbíró nézetéhez a terem hozzáférési kulcsa kell.
hall-error-no-table = A teremben nincs „{ $table }” asztal.
hall-error-action = A bírói intézkedésekhez a terem hozzáférési kulcsa kell.
hall-error-field-table = Az űrlapból hiányzik a „table” (asztal) mező.
hall-error-field-result = A „result” mező: 1-0, 0-1 vagy 1/2-1/2 várható, érkezett: „{ $got }”.
hall-error-field-result-missing = Az űrlapból hiányzik a „result” mező (1-0, 0-1 vagy 1/2-1/2).
hall-error-field-seq = A „seq” mező: a riasztás bejegyzésszáma várható.
hall-error-field-action = Az „action” mező: pause, resume, declare-result, dismiss-alert vagy next-game várható, érkezett: „{ $got }”.
hall-error-field-action-missing = Az űrlapból hiányzik az „action” mező (pause, resume, declare-result, dismiss-alert vagy next-game).
hall-error-busy = Túl sok néző követi élőben a termet; töltse be később újra az oldalt.
hall-error-no-file = A fordulónak nincs ilyen fájlja.
hall-sent = Elküldve a(z) { $table }. asztalnak: { $what }.
hall-not-sent-key = Nincs elküldve a(z) { $table }. asztalnak: A teremnek nincs meg ennek az asztalnak az intézkedési kulcsa.
hall-not-sent-name = Nincs elküldve a(z) { $table }. asztalnak: A bróker nem tud így írt asztalnevet továbbítani.
hall-not-sent-encode = Nincs elküldve a(z) { $table }. asztalnak: Az intézkedést nem sikerült küldésre leírni.
hall-not-sent-broker = Nincs elküldve a(z) { $table }. asztalnak: A brókerrel való kapcsolat most nem fogad üzenetet; próbálja újra egy pillanat múlva.
hall-what-pause = az órák megállítása
hall-what-resume = az órák újraindítása
hall-what-next-game = az eredmény megerősítése és a következő játszma kezdése
hall-what-result = a(z) { $result } eredmény kihirdetése
hall-what-dismiss = a(z) { $seq }. bejegyzés lezárása
hall-push-games = átküldött játszmák: { $count }
hall-push-failed = az átküldés nem sikerült: { $problem }
hall-push-why-unreachable = a(z) { $url } szerver nem érhető el
hall-push-why-too-long = a válasza hosszabb volt { $kib } KiB-nál, nem olvastuk be
hall-push-why-broke = a válasza megszakadt
hall-push-why-not-lichess = a válasz nem a Lichesstől jött
hall-push-why-redirect = elutasítva ({ $code }): a szerver máshová küldi az átküldést ({ $to }); az átküldést sosem továbbítjuk más címre
hall-push-why-slow-down = a Lichess lassabb küldést kér (429)
hall-push-why-server = Lichess-hiba ({ $code }): { $said }
hall-push-why-refused = elutasítva ({ $code }): { $said }
hall-push-why-token = elutasítva ({ $code }): { $said } (érvényes-e az API-token study:write joggal, és az Öné-e a közvetítés?)
hall-push-why-round = elutasítva ({ $code }): { $said } (helyes-e a forduló azonosítója?)
hall-push-again = új próba { $seconds } mp múlva
hall-push-stopped = csak a forduló változásakor küldjük újra
hall-push-refused = nem fogadták el: { $board }. tábla ({ $white } – { $black }): { $error }
hall-push-more = további { $count } játszmát nem fogadtak el
hall-push-line = Lichess-közvetítés, { $round }. forduló: { $text }.

# The board's and the clock chart's texts for screen readers (annabella-board).
board-same = Nincs eltérés a másik táblától.
board-differs = Eltér a másik táblától ezeken a mezőkön: { $squares }.
board-no-pieces = nincs bábu
board-chart-title = Mindkét fél hátralévő ideje lépésről lépésre
board-chart-after = A(z) { $number }. féllépés után: világos { $white }, sötét { $black }. Az alábbi táblázat minden értéket tartalmaz.
board-chart-none = Még nincs lépés.
board-chart-caption = Hátralévő idő minden lépés után
board-chart-move = Lépés
board-chart-white = Világos
board-chart-black = Sötét

# What an arbiter did, as the console's and the hall's log show it (annabella-view).
view-act-white = világos
view-act-black = sötét
view-act-pause = órák megállítva
view-act-resume = órák újraindítva
view-act-set-clock = { $side } órája { $time } értékre állítva
view-act-set-moves = { $side } lépésszámlálója { $moves } értékre állítva
view-act-warn = { $side } figyelmeztetve
view-act-add-opponent = büntetés { $side } számára: { $other } { $seconds } mp-et kapott
view-act-reduce = büntetés { $side } számára: { $seconds } mp levonva
view-act-lose = a játszma { $side } számára elveszettnek nyilvánítva
view-act-uphold = a(z) { $claim }. reklamációnak helyt adva
view-act-reject = a(z) { $claim }. reklamáció elutasítva
view-act-result = eredmény kihirdetve: { $result } ({ $reason })
view-act-plan = az egyeztetési terv végrehajtva
view-act-dismiss = a(z) { $alert }. riasztás lezárva
view-act-next-game = az eredmény megerősítve, a következő játszma kezdődik

# Who called the arbiter, on the hall's and the projector's alerts.
hall-called-vi = A látássérült játékos ({ $side }) hívja a bírót; az órák meg vannak állítva.
hall-called-sighted = A látó játékos ({ $side }) hívja a bírót; az órák meg vannak állítva.
hall-called-sighted-running = A látó játékos ({ $side }) hívja a bírót.
hall-called-button = Valaki az asztalnál hívja a bírót (az óra gombjával); az órák meg vannak állítva.

## init: az asztal beállító varázslója (amit a szervező vagy a versenybíró megtud, és amit kérdez tőle)
init-ports-none = Nem található soros port: csatlakoztassa a táblákat és az órát USB-n.
init-port-dgt = A(z) { $path } porton egy DGT-tábla válaszol (firmware { $version }){ $clock ->
    [yes] , a kábelén egy DGT 3000 órával
   *[no] {""}
}.
init-port-peg = A(z) { $path } porton egy tapintható csaptábla válaszol (firmware { $version }).
init-port-clock = A(z) { $path } porton egy tapintható óra válaszol (firmware { $version }).
init-port-second = Ez a második ilyen eszköz, nem használjuk.
init-port-problem = Amit jelent, az nem sakkállás: { $problem }.
init-port-silent = A(z) { $path } porton semmi ismert nem válaszol: { $ms } ms alatt sem a csaptábla vagy az óra HELLO-jára, sem a DGT-tábla verziókérésére nem jön válasz.
init-port-unopened = A(z) { $path } port nem használható: { $why }.
init-not-found = { $device ->
    [peg-board] Nem található csaptábla
    [dgt] Nem található DGT-tábla
   *[clock] Nem található tapintható óra
}: "none" kerül a fájlba.
init-mics-none = Nem található mikrofon: csatlakoztasson egy headsetmikrofont.
init-mic = { $id }. mikrofon: { $name }{ $default ->
    [yes] {" "}(az alapértelmezett bemenet)
   *[no] {""}
}.
init-voices = Az espeak-ng hangjai a(z) { $language } nyelvhez: { $voices }.
init-voices-none = Az espeak-ng-nek nincs hangja a(z) { $language } nyelvhez.
init-ask-vi = Melyik színnel játszik a látássérült játékos (white: világos, black: sötét)?
init-ask-white = Hogy hívják a világossal játszó játékost?
init-ask-black = Hogy hívják a sötéttel játszó játékost?
init-ask-time-control = Mi a játékidő PGN-formában (5400+30: 90 perc és lépésenként 30 másodperc)?
init-ask-vi-language = Milyen nyelven hall a látássérült játékos (de, en, lt, lv, hu)?
init-ask-sighted-language = Milyen nyelven olvas a látó játékos?
init-ask-records = Melyik könyvtárba kerülnek a játszmák feljegyzései?
init-ask-model = Melyik Vosk-modellkönyvtár hallja a játékost (none: a szavakat begépelik)?
init-ask-event = Mi az esemény, a verseny neve (üres: nincs)?
init-ask-site = Hol játszanak, melyik városban (üres: nincs)?
init-ask-round = Hányadik forduló ez (üres: nincs)?
init-ask-board = Hányadik táblán játszik az asztal (üres: nincs)?
init-ask-arbiter = Hogy hívják a versenybírót (üres: nincs)?
init-problem-kings = { $count } { $color ->
    [white] világos
   *[black] sötét
} király a táblán
init-problem-pieces = { $count } { $color ->
    [white] világos
   *[black] sötét
} bábu a táblán
init-problem-pawn = gyalog az első vagy az utolsó soron
init-problem-pegs = { $count } lyukban van csap, pedig egy játszmában legfeljebb 32 bábu van
init-prompt = { $question } [{ $default }]:
init-again = Nem érthető: { $why }. Kérem, válaszoljon újra.
init-why-color = white vagy black
init-why-language = a de, en, lt, lv, hu egyike
init-why-board = egy táblaszám 1-től
init-why-time-control = nem PGN-formájú játékidő ({ $why })
init-why-model = nem Vosk-modell ({ $why })
init-hall-no-password = A terem brókeréhez nincs megadva jelszófájl: a [hall] blokk megjegyzésként kerül a fájlba; írja be az asztal jelszavát a brókernél, és törölje a # jeleket.
init-hall-for = A terem rendszergazdája három dolgot végez el a(z) { $table } asztalért.
init-hall-user = 1. Hozza létre az asztal felhasználóját a brókeren; jelszót kér, azt, amelyik az asztal [hall] blokkjában van.
init-hall-acl = 2. Írja be ezeket a sorokat az /etc/mosquitto/annabella/acl fájlba, majd futtassa: "systemctl reload mosquitto".
init-hall-tables = 3. Írja be ezt a bejegyzést a terem asztalfájljába (annabella hall --tables FÁJL).
init-secret = { $made ->
    [yes] Az asztal titka elkészült
   *[no] Az asztal titka megmarad
}: { $path } (privát, 0600-as mód). Ezzel hitelesítik a naplóit: őrizze meg, és soha ne másolja át másik asztalra.
init-signing-key = { $made ->
    [yes] Az asztal aláírókulcsa elkészült
   *[no] Az asztal aláírókulcsa megmarad
}: { $path } (privát, 0600-as mód) és { $public } (nyilvános, a teremnek).
init-note-no-peg-board = Nincs csaptábla: a látássérült játékos közönséges tapintható készletet használ; a lépés akkor történik meg, amikor megerősíti (az óra megnyomásával, a "gesetzt" vagy "done" szóval, vagy a segítő billentyűjével), és az érintések nem láthatók.
init-note-dgt-clock = Nincs tapintható óra: a DGT-táblán lévő DGT 3000 az asztal órája (a karját nyomják meg, a gombjaival kérdezik az időt, hogy ki lép, az utolsó lépést és a versenybírót).
init-note-no-clock = Nem található óra: az asztal maga méri az időt, és mindkét nyomás "automatic" (a látássérült játékos szava vagy a segítő billentyűje, a látó játékos lépése a DGT-táblán); az idők a konzolon és a teremben láthatók.
init-written = A(z) { $path } fájl elkészült.
init-handed = A szolgáltatás { $user } felhasználója megkapja: { $paths }.
init-lichess-kept = A(z) { $path } fájlban lévő Lichess-token megmarad.
init-lichess-paste = Illessze be a Lichess-tokenjét (lichess.org/account/oauth/token, board:play jogosultság), majd nyomja meg az Entert.
init-lichess-written = A Lichess-token a(z) { $path } fájlba került (privát, 0600-as mód; csak onnan olvassuk).
init-next = Következő lépésként ellenőrizze az asztalt: annabella doctor --config { $path }.
init-error-exists = A(z) { $path } fájl már létezik, és nem cseréljük le.
init-error-read = A(z) { $path } fájl nem olvasható: { $why }.
init-error-trf = A(z) { $path } fájl nem olvasható TRF-fájlként: { $why }.
init-error-forfeit = A(z) { $path } TRF-fájlban a(z) { $round }. forduló { $board }. táblája ({ $white } – { $black }) játék nélkül dőlt el ({ $winner ->
    [white] 1-0
    [black] 0-1
   *[none] mindkét játékos vesztes
}): ott nem játszanak.
init-error-no-such-board = A(z) { $path } TRF-fájl { $round }. fordulójában nincs { $board }. tábla: a táblái 1-től { $boards }-ig vannak.
init-error-refused = { $question } A(z) „{ $given }“ válasz nem érthető: { $why }.
init-error-input-ended = A szabványos bemenet véget ért a kérdésre adott válasz előtt: { $question }
init-error-cannot-play = Azzal a fájllal, amelyet az init írna, az asztal nem tud játszani: { $why }.
init-error-write = A(z) { $path } fájl nem írható: { $why }.
init-error-keys = Az asztal aláírókulcsa nem hozható létre és nem olvasható: { $why }.
init-error-no-board-anywhere = Nem található tábla: egyik soros porton sem válaszolt sem DGT-tábla, sem tapintható csaptábla. Csatlakoztassa és kapcsolja be a táblákat, majd futtassa újra az initet.
init-error-no-board = Nem található tábla: a(z) { $ports } porton sem DGT-tábla, sem tapintható csaptábla nem válaszolt. Csatlakoztassa és kapcsolja be a táblákat, majd futtassa újra az initet.
init-error-token = A Lichess-token érvénytelen: { $why }.
init-error-lichess = Egy Lichess-beállítás érvénytelen: { $why }.
init-error-no-token = Nincs megadva Lichess-token: ez egy sor a szabványos bemeneten.
init-error-secret = Az asztal titka nem hozható létre és nem olvasható: { $why }.
init-error-io = Nem sikerült írni a terminálra: { $why }.
init-hint-force = A --force kapcsolóval lecseréljük; a --out kapcsolóval másik fájl készül.
init-hint-non-interactive = A --non-interactive kapcsolóval semmit sem kérdezünk: a kapcsolók és az alapértékek adják a válaszokat.
init-hint-no-devices = A --no-devices kapcsolóval eszközök nélküli asztal készül (csak begépelt lépések).
