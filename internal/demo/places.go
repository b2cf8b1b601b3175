package demo

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"propmatch/internal/core/matchengine"
	"propmatch/internal/india"
)

// city is one place the generated market lives in. Every city is a city of
// its state in the india dataset (checked when the table is built).
type city struct {
	Name, State string
	Key         string  // matchengine.CityKey(Name)
	Tier        int     // 1 metro, 2 large city, 3 town
	Weight      float64 // share of listings and requirements (relative)
	Rate        float64 // typical apartment sale price per sq ft, rupees
	Localities  []string
	Pin         int // first pincode of the city; pincodes are Pin + small offsets
}

// metros hold most of the market (a Zipf-like skew), with their real
// localities. Rates are rough apartment prices per sq ft.
var metros = []struct {
	name, state string
	weight      float64
	rate        float64
	pin         int
	localities  string
}{
	{"Mumbai", "Maharashtra", 15, 26000, 400001, "Andheri West, Andheri East, Bandra West, Powai, Juhu, Goregaon East, Malad West, Borivali West, Kandivali East, Chembur, Worli, Lower Parel, Dadar West, Colaba, Santacruz East, Vile Parle East, Ghatkopar East, Mulund West, Kurla West, Bandra Kurla Complex, Khar West, Versova"},
	{"Bengaluru", "Karnataka", 14.5, 9500, 560001, "Whitefield, Koramangala, HSR Layout, Indiranagar, Electronic City, Marathahalli, Sarjapur Road, Bellandur, JP Nagar, Jayanagar, Hebbal, Yelahanka, Bannerghatta Road, BTM Layout, Hennur, Rajajinagar, Malleshwaram, KR Puram, Banashankari, Devanahalli"},
	{"Hyderabad", "Telangana", 11, 8000, 500001, "Gachibowli, Madhapur, Kondapur, Banjara Hills, Jubilee Hills, Hitech City, Kukatpally, Manikonda, Miyapur, Kokapet, Narsingi, Begumpet, Ameerpet, Nallagandla, Tellapur, Financial District, Uppal, LB Nagar"},
	{"Pune", "Maharashtra", 9, 9000, 411001, "Hinjewadi, Kharadi, Baner, Wakad, Viman Nagar, Koregaon Park, Aundh, Hadapsar, Magarpatta, Kothrud, Wagholi, Balewadi, Pimple Saudagar, Undri, Bavdhan"},
	{"Delhi", "Delhi", 8.5, 13000, 110001, "Dwarka, Rohini, Vasant Kunj, Saket, Lajpat Nagar, Pitampura, Janakpuri, Mayur Vihar, Greater Kailash, Hauz Khas, Karol Bagh, Punjabi Bagh, Rajouri Garden, Preet Vihar, Defence Colony"},
	{"Chennai", "Tamil Nadu", 8, 8000, 600001, "Anna Nagar, Adyar, Velachery, T Nagar, OMR, Porur, Sholinganallur, Mylapore, Nungambakkam, Perungudi, Thoraipakkam, Pallavaram, Kilpauk, Besant Nagar, Medavakkam"},
	{"Gurugram", "Haryana", 5.5, 12500, 122001, "Golf Course Road, Sohna Road, DLF Phase 1, DLF Phase 4, Sushant Lok, South City, Golf Course Extension Road, Dwarka Expressway, Palam Vihar, Nirvana Country, Sector 56, Sector 82"},
	{"Kolkata", "West Bengal", 5, 6500, 700001, "Salt Lake, New Town, Ballygunge, Alipore, Rajarhat, Park Street, Behala, Tollygunge, Garia, Dum Dum, EM Bypass, Jadavpur, Kasba, Lake Town"},
	{"Ahmedabad", "Gujarat", 4.5, 6000, 380001, "Prahlad Nagar, SG Highway, Bopal, Satellite, Vastrapur, Thaltej, Gota, Chandkheda, Maninagar, Navrangpura, Shela, Bodakdev"},
	{"Thane", "Maharashtra", 4.5, 14000, 400601, "Ghodbunder Road, Majiwada, Hiranandani Estate, Kolshet Road, Pokhran Road, Vartak Nagar, Kasarvadavali, Balkum, Manpada, Naupada"},
	{"Noida", "Uttar Pradesh", 4.5, 8000, 201301, "Sector 62, Sector 18, Sector 137, Sector 150, Sector 75, Sector 76, Sector 50, Sector 44, Sector 128, Sector 120"},
	{"Navi Mumbai", "Maharashtra", 3.5, 12000, 400703, "Vashi, Kharghar, Nerul, CBD Belapur, Panvel, Airoli, Ghansoli, Sanpada, Seawoods, Ulwe, Kamothe"},
	{"New Delhi", "Delhi", 2.5, 24000, 110001, "Connaught Place, Chanakyapuri, Vasant Vihar, Golf Links, Jor Bagh, Safdarjung Enclave, Greater Kailash II, Chittaranjan Park, Nizamuddin East, Sundar Nagar"},
	{"Greater Noida", "Uttar Pradesh", 2, 5000, 201306, "Greater Noida West, Pari Chowk, Alpha 1, Techzone 4, Gaur City, Knowledge Park, Omicron"},
	{"Ghaziabad", "Uttar Pradesh", 2, 5500, 201001, "Indirapuram, Vaishali, Raj Nagar Extension, Crossings Republik, Kaushambi, Vasundhara"},
}

// largeCities are the second tier: real localities where we know a few,
// generic ones otherwise.
var largeCities = []struct {
	name, state string
	rate        float64
	pin         int
	localities  string
}{
	{"Jaipur", "Rajasthan", 5200, 302001, "Malviya Nagar, Vaishali Nagar, Mansarovar, C-Scheme, Jagatpura, Tonk Road, Ajmer Road"},
	{"Lucknow", "Uttar Pradesh", 5500, 226001, "Gomti Nagar, Hazratganj, Aliganj, Indira Nagar, Sushant Golf City, Jankipuram"},
	{"Chandigarh", "Chandigarh", 7500, 160017, "Sector 17, Sector 35, Sector 8, Sector 22, Manimajra"},
	{"Ernakulam", "Kerala", 6000, 682011, "Kakkanad, Edappally, Vyttila, Palarivattom, Marine Drive, Kaloor"},
	{"Coimbatore", "Tamil Nadu", 5000, 641001, "RS Puram, Saravanampatti, Peelamedu, Gandhipuram, Singanallur"},
	{"Indore", "Madhya Pradesh", 4800, 452001, "Vijay Nagar, Rau, Palasia, AB Road, Nipania"},
	{"Bhopal", "Madhya Pradesh", 4200, 462001, "Arera Colony, Kolar Road, Hoshangabad Road, MP Nagar"},
	{"Nagpur", "Maharashtra", 4800, 440001, "Dharampeth, Civil Lines, Manish Nagar, Wardha Road, Besa"},
	{"Surat", "Gujarat", 5000, 395001, "Vesu, Adajan, Pal, Piplod, Althan"},
	{"Vadodara", "Gujarat", 4500, 390001, "Alkapuri, Gotri, Vasna Road, Sama, Manjalpur"},
	{"Visakhapatnam", "Andhra Pradesh", 5200, 530001, "MVP Colony, Madhurawada, Rushikonda, Seethammadhara, Gajuwaka"},
	{"Mysuru", "Karnataka", 4800, 570001, "Vijayanagar, Kuvempunagar, Hebbal, Bogadi, Jayalakshmipuram"},
	{"Mangaluru", "Karnataka", 5500, 575001, "Kadri, Bejai, Kodialbail, Surathkal, Derebail"},
	{"Thiruvananthapuram", "Kerala", 5200, 695001, "Kazhakkoottam, Pattom, Kowdiar, Vazhuthacaud, Technopark"},
	{"Bhubaneswar", "Odisha", 4800, 751001, "Patia, Chandrasekharpur, Khandagiri, Jaydev Vihar, Nayapalli"},
	{"Patna", "Bihar", 5000, 800001, "Boring Road, Kankarbagh, Bailey Road, Patliputra Colony, Danapur"},
	{"Nashik", "Maharashtra", 4500, 422001, "Gangapur Road, College Road, Indira Nagar, Pathardi Phata"},
	{"Vijayawada", "Andhra Pradesh", 5200, 520001, "Benz Circle, Governorpet, Patamata, Gunadala"},
	{"Guwahati", "Assam", 5000, 781001, "Beltola, Zoo Road, Ganeshguri, Six Mile, Khanapara"},
	{"Dehradun", "Uttarakhand", 5200, 248001, "Rajpur Road, Sahastradhara Road, Ballupur, Prem Nagar"},
	{"Ranchi", "Jharkhand", 4200, 834001, "Lalpur, Kanke Road, Harmu, Bariatu"},
	{"Raipur", "Chhattisgarh", 3800, 492001, "Shankar Nagar, Telibandha, Mowa, Kota"},
	{"Ludhiana", "Punjab", 4800, 141001, "Sarabha Nagar, Model Town, Pakhowal Road, Dugri"},
	{"Amritsar", "Punjab", 4200, 143001, "Ranjit Avenue, Lawrence Road, Green Avenue"},
	{"Madurai", "Tamil Nadu", 4000, 625001, "Anna Nagar, KK Nagar, Thiruparankundram"},
	{"Panaji", "Goa", 9000, 403001, "Miramar, Dona Paula, Altinho, Porvorim"},
	{"Mohali", "Punjab", 5500, 160055, "Sector 70, Aerocity, Sector 82, Kharar Road"},
	{"Secunderabad", "Telangana", 6500, 500003, "Trimulgherry, Marredpally, Sainikpuri, Alwal"},
	{"Kozhikode", "Kerala", 4800, 673001, "Nadakkavu, West Hill, Mavoor Road"},
	{"Thrissur", "Kerala", 4500, 680001, "Punkunnam, Ayyanthole, Poonkunnam"},
	{"Tiruchirappalli", "Tamil Nadu", 3800, 620001, "Thillai Nagar, KK Nagar, Srirangam"},
	{"Rajkot", "Gujarat", 4200, 360001, "Kalawad Road, University Road, Raiya Road"},
	{"Varanasi", "Uttar Pradesh", 4200, 221001, "Sigra, Lanka, Mahmoorganj, Sarnath"},
	{"Kanpur", "Uttar Pradesh", 4000, 208001, "Swaroop Nagar, Kidwai Nagar, Civil Lines"},
	{"Agra", "Uttar Pradesh", 3800, 282001, "Fatehabad Road, Kamla Nagar, Sikandra"},
	{"Gandhinagar", "Gujarat", 4800, 382010, "Sector 21, Kudasan, Sargasan, Raysan"},
	{"Howrah", "West Bengal", 4200, 711101, "Shibpur, Salkia, Bally, Santragachi"},
	{"Faridabad", "Haryana", 5200, 121001, "Sector 15, Greater Faridabad, Neharpar, NIT"},
	{"Pimpri-Chinchwad", "Maharashtra", 7000, 411017, "Ravet, Punawale, Nigdi, Chikhali, Moshi"},
	{"Kalyan", "Maharashtra", 7500, 421301, "Khadakpada, Birla College Road, Kalyan West"},
	{"Panchkula", "Haryana", 5500, 134109, "Sector 20, Sector 5, Pinjore Road"},
	{"Hosur", "Tamil Nadu", 3800, 635109, "Bagalur Road, Mathigiri, Zuzuvadi"},
	{"Tirupati", "Andhra Pradesh", 4000, 517501, "Tiruchanur Road, Renigunta Road, Alipiri"},
	{"Udaipur", "Rajasthan", 4500, 313001, "Fatehpura, Hiran Magri, Sukher"},
	{"Jodhpur", "Rajasthan", 3800, 342001, "Ratanada, Paota, Shastri Nagar"},
	{"Kolhapur", "Maharashtra", 4000, 416001, "Tarabai Park, Rajarampuri, Shahupuri"},
	{"Aurangabad", "Maharashtra", 3800, 431001, "CIDCO, Beed Bypass, Garkheda"},
	{"Siliguri", "West Bengal", 3800, 734001, "Sevoke Road, Pradhan Nagar, Matigara"},
	{"Jamshedpur", "Jharkhand", 3800, 831001, "Bistupur, Sakchi, Kadma"},
	{"Warangal", "Telangana", 3500, 506001, "Hanamkonda, Kazipet, Subedari"},
}

// towns are the long tail: a few listings each, with generic localities.
var towns = map[string]string{
	"Andhra Pradesh":    "Guntur, Nellore, Kakinada, Rajahmundry, Kurnool, Anantapur, Ongole",
	"Assam":             "Dibrugarh, Silchar, Jorhat, Tezpur",
	"Bihar":             "Gaya, Bhagalpur, Muzaffarpur, Darbhanga, Purnia, Begusarai, Arrah, Katihar",
	"Chhattisgarh":      "Bilaspur, Korba, Bhilai, Durg, Jagdalpur, Ambikapur",
	"Goa":               "Ponda",
	"Gujarat":           "Jamnagar, Bhavnagar, Junagadh, Anand, Bharuch, Navsari, Vapi, Morbi, Mehsana",
	"Haryana":           "Sonipat, Karnal, Panipat, Ambala, Hisar, Rohtak, Rewari",
	"Himachal Pradesh":  "Shimla, Solan, Mandi",
	"Jammu and Kashmir": "Jammu, Srinagar, Anantnag",
	"Jharkhand":         "Dhanbad, Bokaro, Hazaribagh, Giridih",
	"Karnataka":         "Belagavi, Dharwad, Davanagere, Ballari, Tumakuru, Udupi, Hassan",
	"Kerala":            "Kollam, Kannur, Alappuzha, Palakkad, Kottayam",
	"Madhya Pradesh":    "Jabalpur, Gwalior, Ujjain, Sagar, Satna, Rewa, Ratlam, Dewas, Katni, Chhindwara",
	"Maharashtra":       "Solapur, Sangli, Satara, Ahmednagar, Amravati, Akola, Latur, Jalgaon, Nanded, Ratnagiri",
	"Meghalaya":         "Shillong",
	"Odisha":            "Cuttack, Sambalpur, Puri",
	"Punjab":            "Patiala, Jalandhar, Hoshiarpur, Pathankot",
	"Rajasthan":         "Kota, Ajmer, Bikaner, Bhilwara, Alwar, Sikar, Bharatpur",
	"Sikkim":            "Gangtok",
	"Tamil Nadu":        "Salem, Vellore, Tiruppur, Erode, Thanjavur, Tirunelveli, Thoothukudi, Dindigul, Nagercoil, Kanchipuram, Cuddalore",
	"Tripura":           "Agartala",
	"Uttar Pradesh":     "Meerut, Prayagraj, Aligarh, Bareilly, Moradabad, Gorakhpur, Jhansi, Mathura, Saharanpur, Firozabad, Ayodhya",
	"Uttarakhand":       "Haridwar, Roorkee, Rishikesh, Haldwani",
	"West Bengal":       "Durgapur, Asansol, Kharagpur, Haldia",
	"Telangana":         "Karimnagar, Nizamabad, Khammam, Nalgonda",
	"Puducherry":        "Puducherry, Karaikal",
	"Mizoram":           "Aizawl",
	"Nagaland":          "Kohima",
	"Arunachal Pradesh": "Itanagar",
}

// pinPrefix gives the first digits of a state's pincodes, for towns.
var pinPrefix = map[string]int{
	"Andhra Pradesh": 52, "Assam": 78, "Bihar": 84, "Chhattisgarh": 49, "Goa": 40, "Gujarat": 36, "Haryana": 12,
	"Himachal Pradesh": 17, "Jammu and Kashmir": 18, "Jharkhand": 82, "Karnataka": 58, "Kerala": 68, "Madhya Pradesh": 47,
	"Maharashtra": 41, "Meghalaya": 79, "Odisha": 75, "Punjab": 14, "Rajasthan": 33, "Sikkim": 73, "Tamil Nadu": 63,
	"Tripura": 79, "Uttar Pradesh": 24, "Uttarakhand": 24, "West Bengal": 71, "Telangana": 50, "Puducherry": 60,
	"Mizoram": 79, "Nagaland": 79, "Arunachal Pradesh": 79,
}

// genericLocalities are used where we know no real ones.
var genericLocalities = []string{"Civil Lines", "Station Road", "Gandhi Nagar", "Nehru Nagar", "Shastri Nagar", "Model Town",
	"Rajendra Nagar", "MG Road", "Old Town", "Ram Nagar", "Subhash Nagar", "Housing Board Colony", "Bypass Road",
	"Ashok Nagar", "Vivekananda Nagar", "Collectorate Road", "Court Road", "Teachers Colony", "Shanti Nagar", "Hill View Colony"}

func splitList(s string) []string {
	parts := strings.Split(s, ",")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

// cityTable is the market's cities, metros first, with cumulative weights.
type cityTable struct {
	cities []city
	cum    []float64 // cumulative weights of metros and large cities
	towns  []int     // indexes of the tier-3 cities, drawn round-robin
	tier3  float64   // share of draws that go to towns
}

var cities = sync.OnceValue(func() *cityTable {
	t := &cityTable{tier3: 0.12}
	add := func(c city) {
		if !india.HasCity(c.State, c.Name) {
			panic(fmt.Sprintf("demo: %s is not a city of %s in the india dataset", c.Name, c.State))
		}
		c.Key = matchengine.CityKey(c.Name)
		t.cities = append(t.cities, c)
	}
	for _, m := range metros {
		add(city{Name: m.name, State: m.state, Tier: 1, Weight: m.weight, Rate: m.rate, Pin: m.pin, Localities: splitList(m.localities)})
	}
	// Large cities share about a fifth of the market, Zipf-like in their order.
	for i, l := range largeCities {
		locs := splitList(l.localities)
		locs = append(locs, genericLocalities[:6]...)
		add(city{Name: l.name, State: l.state, Tier: 2, Weight: 1.6 / float64(i+2) * 1.8, Rate: l.rate, Pin: l.pin, Localities: locs})
	}
	states := make([]string, 0, len(towns))
	for s := range towns {
		states = append(states, s)
	}
	slices.Sort(states)
	for _, s := range states {
		for j, name := range splitList(towns[s]) {
			t.towns = append(t.towns, len(t.cities))
			add(city{Name: name, State: s, Tier: 3, Rate: 3000 + float64(j%4)*250, Pin: pinPrefix[s]*10000 + 1001 + j*100,
				Localities: genericLocalities})
		}
	}
	sum := 0.0
	for _, c := range t.cities {
		sum += c.Weight
		t.cum = append(t.cum, sum)
	}
	return t
})
